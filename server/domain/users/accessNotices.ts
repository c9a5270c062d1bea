import type { Mail } from '../../adapters/mail/mail.ts';
import type { Database } from '../../db/client.ts';
import { type AccessNoticeLinks, apiKeyCreatedMail, webhookEndpointMail } from './accountMails.ts';
import { mailAccount } from './limitMails.ts';

// The account's owner is told of every new way into its data (issue 19, "sudo mode"): a new API
// key, a new webhook endpoint, an endpoint moved to another address. Each needed the password, so
// whoever made it knows it; the mail reaches the owner at the address on file all the same.

export interface AccessNoticeMailing {
  db: Database;
  mail: Mail;
  publicUrl: string;
}

function linksOf(publicUrl: string): AccessNoticeLinks {
  return { integrations: `${publicUrl}/integrations`, resetPassword: `${publicUrl}/auth/forgot-password` };
}

/** Mails the owner that a key was made; a mail that cannot be sent throws, for the caller to log (never the request's failure). */
export async function mailApiKeyCreated(deps: AccessNoticeMailing, userId: number, key: { name: string; scope: 'read' | 'write'; prefix: string }, at: Date): Promise<void> {
  await mailAccount(deps.db, deps.mail, userId, (to) => apiKeyCreatedMail(to, key, at, linksOf(deps.publicUrl)));
}

/** Mails the owner that an endpoint was added (no `previousUrl`) or moved from `previousUrl`; throws as mailApiKeyCreated. */
export async function mailWebhookEndpoint(
  deps: AccessNoticeMailing,
  userId: number,
  change: { url: string; events: readonly string[]; previousUrl?: string },
  at: Date,
): Promise<void> {
  await mailAccount(deps.db, deps.mail, userId, (to) => webhookEndpointMail(to, change, at, linksOf(deps.publicUrl)));
}
