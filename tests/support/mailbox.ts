import { expect, type APIRequestContext } from '@playwright/test';

type OutboxMessage = { id: number; to: string; subject: string; text: string; links: string[]; createdAt: string };

/**
 * The dev mailbox's key: playwright.config.ts makes one per run and hands it to the server it
 * starts (MAILBOX_KEY) and, through the environment, to the test workers.
 */
export function mailboxKey(): string {
  const key = process.env.E2E_MAILBOX_KEY;
  if (!key) throw new Error('E2E_MAILBOX_KEY is not set: run the browser tests through playwright.config.ts');
  return key;
}

/** Waits for the newest e-mail to `to` in the local outbox (/dev/mailbox.json) and returns its first link. */
export async function linkFromMailbox(request: APIRequestContext, to: string, subject?: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get(`/dev/mailbox.json?key=${encodeURIComponent(mailboxKey())}`)).json()) as OutboxMessage[];
      const message = messages.find((m) => m.to === to && (!subject || subject.test(m.subject)));
      link = message?.links[0];
      return link;
    }, { message: `an e-mail to ${to} in the outbox` })
    .toBeTruthy();
  // Links in e-mails carry PUBLIC_URL; the test navigates relative to its own base URL.
  const url = new URL(link!);
  return url.pathname + url.search;
}

let counter = 0;
/** A fresh, unique e-mail address per call. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}
