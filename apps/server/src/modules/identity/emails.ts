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
