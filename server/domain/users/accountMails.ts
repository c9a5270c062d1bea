import type { MailMessage } from '../../adapters/mail/mail.ts';

// The e-mails of the account flows. Links point at the SPA's pages (spec §2 Unauthenticated
// area): /verify/{code}?type=account|changeEmail and /reset/{code}.

const PRODUCT = 'Callback Dashboard';

/**
 * The sign-up verification. Anyone may sign up with any address, and have the link sent again
 * (PUT /user/verification-email): nothing in it comes from the form, not even the name, so it
 * cannot carry a stranger's text to the inbox (as the change-of-e-mail mail, issue 15 finding 5).
 */
export function verificationMail(to: string, link: string): MailMessage {
  return message(to, `Verify your e-mail address for ${PRODUCT}`, [
    `Hello,`,
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

/**
 * To the new address, which anyone with an account may name: nothing in it comes from the
 * account (not even its name), so it cannot carry an attacker's text to a stranger's inbox
 * (issue 15, finding 5).
 */
export function changeEmailMail(to: string, link: string): MailMessage {
  return message(to, `Confirm your new e-mail address for ${PRODUCT}`, [
    `Hello,`,
    `Someone asked to use this address for a ${PRODUCT} account. If it was you, confirm it here:`,
    link,
    `The link works once and expires in 48 hours. If it was not you, ignore this e-mail: nothing changes.`,
  ]);
}

/**
 * To the address the account has now, when a change is asked for (issue 15, finding 9): what,
 * to which address, when (UTC). No link that confirms or cancels: only the way to a new password.
 */
export function emailChangeNoticeMail(to: string, newEmail: string, at: Date, resetLink: string): MailMessage {
  const when = utcMinute(at);
  return message(to, `The e-mail address of your ${PRODUCT} account is being changed`, [
    `Hello,`,
    `On ${when}, someone signed in to your account with its password asked to change its e-mail address from ${to} to ${newEmail}.`,
    `The change takes effect only when the link sent to ${newEmail} is used; then every other session of the account is signed out.`,
    `If it was not you, your password is known to someone else: choose a new one now, which signs everyone out:`,
    resetLink,
  ]);
}

/** Where an owner who did not make a change of access goes: the Integrations page, then a new password. */
export interface AccessNoticeLinks {
  integrations: string;
  resetPassword: string;
}

/**
 * To the account's address when an API key is created (issue 19, "sudo mode"): a key works until
 * it is deleted, a new password does not stop it, so the owner hears of every one: which, when,
 * and where to delete it.
 */
export function apiKeyCreatedMail(to: string, key: { name: string; scope: 'read' | 'write'; prefix: string }, at: Date, links: AccessNoticeLinks): MailMessage {
  const access = key.scope === 'write' ? 'read and write' : 'read only';
  return message(to, `A new API key for your ${PRODUCT} account`, [
    `Hello,`,
    `On ${utcMinute(at)}, someone signed in to your account with its password created an API key: "${key.name}", ${access}, starting ${key.prefix}.`,
    `Whoever holds the key can ${key.scope === 'write' ? 'read and change' : 'read'} your account's data, your calls and your visitors' phone numbers among them, until the key is deleted; a new password does not stop it.`,
    `If it was not you, delete the key now on the Integrations page, under API keys:`,
    links.integrations,
    `Then choose a new password, since someone else knows yours:`,
    links.resetPassword,
  ]);
}

/**
 * To the account's address when a webhook endpoint is added or moved to another address (issue
 * 19, "sudo mode"): the account's events, visitors' phone numbers among them, go there from now
 * on, so the owner hears where, when, and where to remove it.
 */
export function webhookEndpointMail(
  to: string,
  change: { url: string; events: readonly string[]; previousUrl?: string },
  at: Date,
  links: AccessNoticeLinks,
): MailMessage {
  const events = change.events.join(', ');
  const what =
    change.previousUrl === undefined
      ? `added a webhook endpoint: from now on, these events of your account are sent to ${change.url}: ${events}.`
      : `moved a webhook endpoint from ${change.previousUrl} to ${change.url}: from now on, its events (${events}) are sent there.`;
  const subject = change.previousUrl === undefined ? `A webhook endpoint was added to your ${PRODUCT} account` : `A webhook endpoint of your ${PRODUCT} account has a new address`;
  return message(to, subject, [
    `Hello,`,
    `On ${utcMinute(at)}, someone signed in to your account with its password ${what}`,
    `Whoever runs that address receives what the events carry, your visitors' phone numbers among them.`,
    `If it was not you, delete the endpoint now on the Integrations page, under Webhooks:`,
    links.integrations,
    `Then choose a new password, since someone else knows yours:`,
    links.resetPassword,
  ]);
}

/** A moment as the account notices say it: to the minute, in UTC (a mail does not know the reader's time zone). */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
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
