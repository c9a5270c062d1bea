import type { MailMessage } from '../../adapters/mail/mail.ts';

// The e-mails of the account flows. Links point at the SPA's pages (spec §2 Unauthenticated
// area): /verify/{code}?type=account|changeEmail and /reset/{code}.

const PRODUCT = 'Callback Dashboard';

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return message(to, `Verify your e-mail address for ${PRODUCT}`, [
    `Hello ${name},`,
    `Thank you for signing up. Your account comes with 20 free credits.`,
    `Please verify your e-mail address to sign in:`,
    link,
    `The link works once and expires in 48 hours. If you did not sign up, ignore this e-mail.`,
  ]);
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return message(to, `Reset your ${PRODUCT} password`, [
    `Hello ${name},`,
    `Somebody asked to reset the password of your account. Choose a new password here:`,
    link,
    `The link works once and expires in 1 hour. If it was not you, ignore this e-mail: your password stays as it is.`,
  ]);
}

export function changeEmailMail(to: string, name: string, link: string): MailMessage {
  return message(to, `Confirm your new e-mail address for ${PRODUCT}`, [
    `Hello ${name},`,
    `Please confirm that this is the new e-mail address of your account:`,
    link,
    `The link works once and expires in 48 hours. Until then your account keeps its current address.`,
  ]);
}

function message(to: string, subject: string, paragraphs: string[]): MailMessage {
  const html = paragraphs
    .map((p) => (/^https?:\/\//.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('\n');
  return { to, subject, text: paragraphs.join('\n\n'), html };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
