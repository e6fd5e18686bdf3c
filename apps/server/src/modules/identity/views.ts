/**
 * Server-rendered pages of the embedded identity provider: small, self-contained (no external assets),
 * styled like the app, and usable without JavaScript. Every value placed in HTML goes through `escapeHtml`.
 */
import { TRIAL_DAYS } from '@hosewright/domain';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const e = escapeHtml;

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:#f4f6f8;color:#1d2733;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5}
main{width:100%;max-width:420px;margin:48px 16px;background:#fff;border-radius:12px;padding:32px 28px;
box-shadow:0 1px 3px rgba(0,0,0,.12),0 4px 16px rgba(0,0,0,.06)}
.brand{color:#1f4e79;font-weight:700;font-size:20px;letter-spacing:.2px;margin:0 0 20px}
h1{font-size:24px;font-weight:600;margin:0 0 8px}
p{margin:0 0 16px}
.muted{color:#5b6773;font-size:14px}
label{display:block;font-weight:500;margin:16px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #b8c2cc;border-radius:6px;background:#fff;color:inherit}
input:focus{outline:2px solid #1f4e79;outline-offset:1px;border-color:#1f4e79}
input[aria-invalid=true]{border-color:#c62828}
.field-error{color:#c62828;font-size:14px;margin:6px 0 0}
.alert{background:#fdecea;color:#8e1c1c;border-radius:6px;padding:10px 12px;margin:0 0 8px}
.notice{background:#e8f1f8;color:#1f4e79;border-radius:6px;padding:10px 12px;margin:0 0 16px}
.button{display:block;width:100%;margin:24px 0 0;padding:12px 16px;border:0;border-radius:6px;background:#1f4e79;
color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.button:hover,.button:focus{background:#173b5c}
.links{display:flex;justify-content:space-between;flex-wrap:wrap;gap:8px;margin:20px 0 0;font-size:14px}
a{color:#1f4e79}
@media (max-width:480px){main{margin:0;min-height:100vh;border-radius:0;box-shadow:none;padding:24px 20px}}
`;

export interface PageOptions {
  title: string;
  body: string;
  /** Extra tags for <head> (an inline script with its CSP hash already granted). */
  head?: string;
}

export function layout({ title, body, head = '' }: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} · Hosewright</title>
<style>${STYLES}</style>
${head}
</head>
<body>
<main>
<p class="brand">Hosewright</p>
${body}
</main>
</body>
</html>`;
}

export type FieldErrors = Partial<Record<string, string>>;

interface FieldOptions {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password' | 'hidden';
  value?: string;
  error?: string;
  autocomplete?: string;
  autofocus?: boolean;
}

function field(options: FieldOptions): string {
  const { name, label, type, value = '', error, autocomplete, autofocus } = options;
  const id = `f-${name}`;
  const attributes = [
    `id="${id}"`,
    `name="${e(name)}"`,
    `type="${type}"`,
    type === 'password' ? '' : `value="${e(value)}"`,
    autocomplete ? `autocomplete="${autocomplete}"` : '',
    autofocus ? 'autofocus' : '',
    'required',
    error ? `aria-invalid="true" aria-describedby="${id}-error"` : '',
  ].filter(Boolean);
  const message = error ? `<p class="field-error" id="${id}-error">${e(error)}</p>` : '';
  return `<label for="${id}">${e(label)}</label><input ${attributes.join(' ')}>${message}`;
}

const alert = (message?: string) => (message ? `<p class="alert" role="alert">${e(message)}</p>` : '');

export interface SignInView {
  action: string;
  signUpHref: string;
  forgotHref: string;
  email?: string;
  error?: string;
}

export function signInPage(view: SignInView): string {
  return layout({
    title: 'Sign in',
    body: `<h1>Sign in</h1>
<p class="muted">Welcome back. Sign in to continue to Hosewright.</p>
${alert(view.error)}
<form method="post" action="${e(view.action)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', value: view.email, autocomplete: 'username', autofocus: !view.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: Boolean(view.email) })}
<button class="button" type="submit">Sign in</button>
</form>
<div class="links"><a href="${e(view.forgotHref)}">Forgot password?</a><a href="${e(view.signUpHref)}">Create an account</a></div>`,
  });
}

export interface SignUpView {
  action: string;
  signInHref: string;
  values?: Partial<Record<'name' | 'email' | 'organizationName', string>>;
  errors?: FieldErrors;
  error?: string;
}

export function signUpPage(view: SignUpView): string {
  const values = view.values ?? {};
  const errors = view.errors ?? {};
  const focus = ['name', 'email', 'password', 'organizationName'].find((name) => errors[name]) ?? 'name';
  return layout({
    title: 'Create an account',
    body: `<h1>Create an account</h1>
<p class="muted">Start your free ${TRIAL_DAYS}-day trial.</p>
${alert(view.error)}
<form method="post" action="${e(view.action)}" novalidate>
${field({ name: 'name', label: 'Your name', type: 'text', value: values.name, error: errors.name, autocomplete: 'name', autofocus: focus === 'name' })}
${field({ name: 'email', label: 'Email', type: 'email', value: values.email, error: errors.email, autocomplete: 'email', autofocus: focus === 'email' })}
${field({ name: 'password', label: 'Password', type: 'password', error: errors.password, autocomplete: 'new-password', autofocus: focus === 'password' })}
<p class="muted" style="margin:6px 0 0">At least 10 characters, mixing letters with numbers or symbols.</p>
${field({ name: 'organizationName', label: 'Shop or company name', type: 'text', value: values.organizationName, error: errors.organizationName, autocomplete: 'organization', autofocus: focus === 'organizationName' })}
<button class="button" type="submit">Create account</button>
</form>
<div class="links"><span>Already have an account? <a href="${e(view.signInHref)}">Sign in</a></span></div>`,
  });
}

export interface MessageView {
  title: string;
  message: string;
  /**
   * The way on. A page never sends the browser on by itself after a delay: a timed refresh takes the page
   * away from someone still reading it (WCAG 2.2.1).
   */
  action?: { href: string; label: string };
  tone?: 'notice' | 'alert';
}

export function messagePage(view: MessageView): string {
  const tone = view.tone === 'alert' ? 'alert' : 'notice';
  const action = view.action
    ? `<a class="button" href="${e(view.action.href)}">${e(view.action.label)}</a>`
    : '';
  return layout({
    title: view.title,
    body: `<h1>${e(view.title)}</h1>
<p class="${tone}" role="status">${e(view.message)}</p>
${action}`,
  });
}

export interface AcceptInvitationView {
  action: string;
  token: string;
  email: string;
  organizationName: string;
  /** The address has an account already: it joins as it is, no name or password asked. */
  hasAccount: boolean;
  values?: { name?: string };
  errors?: FieldErrors;
}

export function acceptInvitationPage(view: AcceptInvitationView): string {
  const errors = view.errors ?? {};
  const fields = view.hasAccount
    ? `<p class="muted">You already have a Hosewright account as ${e(view.email)}: join with it and sign in with your password.</p>`
    : `${field({ name: 'name', label: 'Your name', type: 'text', value: view.values?.name, error: errors.name, autocomplete: 'name', autofocus: !errors.password })}
${field({ name: 'password', label: 'Password', type: 'password', error: errors.password, autocomplete: 'new-password', autofocus: Boolean(errors.password) })}
<p class="muted" style="margin:6px 0 0">At least 10 characters, mixing letters with numbers or symbols.</p>`;
  return layout({
    title: 'Join your team',
    body: `<h1>Join ${e(view.organizationName)}</h1>
<p class="muted">You were invited to join ${e(view.organizationName)} on Hosewright as ${e(view.email)}.</p>
<form method="post" action="${e(view.action)}" novalidate>
${field({ name: 'token', label: '', type: 'hidden', value: view.token })}
${fields}
<button class="button" type="submit">${view.hasAccount ? 'Join' : 'Join and create my account'}</button>
</form>`,
  });
}

export interface ForgotPasswordView {
  action: string;
  signInHref: string;
  email?: string;
  error?: string;
}

export function forgotPasswordPage(view: ForgotPasswordView): string {
  return layout({
    title: 'Forgot password',
    body: `<h1>Forgot your password?</h1>
<p class="muted">Enter the email you sign in with and we will send you a link to choose a new password.</p>
<form method="post" action="${e(view.action)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', value: view.email, error: view.error, autocomplete: 'email', autofocus: true })}
<button class="button" type="submit">Send reset link</button>
</form>
<div class="links"><a href="${e(view.signInHref)}">Back to sign in</a></div>`,
  });
}

export interface ResetPasswordView {
  action: string;
  token: string;
  errors?: FieldErrors;
  error?: string;
}

export function resetPasswordPage(view: ResetPasswordView): string {
  const errors = view.errors ?? {};
  return layout({
    title: 'Choose a new password',
    body: `<h1>Choose a new password</h1>
${alert(view.error)}
<form method="post" action="${e(view.action)}" novalidate>
<input type="hidden" name="token" value="${e(view.token)}">
${field({ name: 'password', label: 'New password', type: 'password', error: errors.password, autocomplete: 'new-password', autofocus: true })}
<p class="muted" style="margin:6px 0 0">At least 10 characters, mixing letters with numbers or symbols.</p>
${field({ name: 'confirmation', label: 'Confirm new password', type: 'password', error: errors.confirmation, autocomplete: 'new-password' })}
<button class="button" type="submit">Save password</button>
</form>`,
  });
}

/**
 * The provider's sign-out confirmation, submitted straight away: the app already asked the person. The button
 * is there for browsers without JavaScript.
 */
export function logoutPage(form: string, script: string): string {
  return layout({
    title: 'Signing out',
    head: `<script>${script}</script>`,
    body: `<h1>Signing out…</h1>
${form}
<button class="button" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  });
}

export const LOGOUT_SUBMIT_SCRIPT =
  "document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');" +
  "var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();});";
