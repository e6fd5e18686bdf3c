import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { okResponseSchema } from '@/lib/ok-response';

/** `POST /api/v1/user/verifyemail/resend`: allowed while the address is still unverified. */
export function resendVerificationEmail() {
  return api.post('/api/v1/user/verifyemail/resend', undefined, okResponseSchema);
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
