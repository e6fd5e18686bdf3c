/** The identity emails. Links sit alone on their own line in the text part so they survive any mail client. */
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from './views.ts';

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return composeMail(to, 'Confirm your email address for Hosewright', {
    name,
    intro: 'Please confirm your email address to finish setting up Hosewright:',
    link,
    action: 'Confirm email',
    note: 'The link works for 7 days. If you did not create an account, you can ignore this email.',
  });
}

export function resetMail(to: string, name: string, link: string): MailMessage {
  return composeMail(to, 'Reset your Hosewright password', {
    name,
    intro: 'Someone asked to reset the password of your Hosewright account. To choose a new one, open:',
    link,
    action: 'Choose a new password',
    note: 'The link works for 1 hour and only once. If you did not ask for this, you can ignore this email.',
  });
}

/** To the owner of an address someone tried to sign up with again: nobody learns on the page that it exists. */
export function signUpAttemptMail(
  to: string,
  name: string,
  signInLink: string,
  resetLink: string,
): MailMessage {
  return composeMail(to, 'Your Hosewright account', {
    name,
    intro:
      'Someone, perhaps you, tried to create a new Hosewright account with this email address. You already have one. To sign in, open:',
    link: signInLink,
    action: 'Sign in',
    note: `Forgot your password? Choose a new one at ${resetLink}. If this was not you, you can ignore this email.`,
  });
}

/** An invitation to join an organisation: the link lets the person set a password, or join with theirs. */
export function invitationMail(
  to: string,
  organizationName: string,
  inviterName: string,
  link: string,
  days: number,
): MailMessage {
  return composeMail(to, `${inviterName} invited you to ${organizationName} on Hosewright`, {
    name: to,
    intro: `${inviterName} invited you to join ${organizationName} on Hosewright, where the shop builds, prices and tracks its hose assemblies. To accept, open:`,
    link,
    action: 'Accept the invitation',
    note: `The link works for ${days} days. If you did not expect this, you can ignore this email.`,
  });
}

interface MailContent {
  name: string;
  intro: string;
  link: string;
  action: string;
  note: string;
}

function composeMail(to: string, subject: string, content: MailContent): MailMessage {
  const { name, intro, link, action, note } = content;
  const text = [`Hello ${name},`, '', intro, '', link, '', note, ''].join('\n');
  const e = escapeHtml;
  const html = `<!DOCTYPE html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d2733">
<p>Hello ${e(name)},</p>
<p>${e(intro)}</p>
<p><a href="${e(link)}" style="display:inline-block;background:#1f4e79;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${e(action)}</a></p>
<p style="color:#5b6773;font-size:14px">${e(note)}</p>
</body></html>`;
  return { to, subject, text, html };
}
