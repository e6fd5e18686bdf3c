/** Messages to the company (the contracts in the domain's `contact/contact.ts`). */
import { type ContactMessage, type Feedback, sendContactMessage, sendFeedback } from '@hosewright/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from './call';

/** The public site's contact form: anyone, signed out. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => call(sendContactMessage, { body: message }),
  });
}

/** 'Share your feedback', stored with the organisation and the user. */
export function useSendFeedback() {
  return useMutation({ mutationFn: (feedback: Feedback) => call(sendFeedback, { body: feedback }) });
}
