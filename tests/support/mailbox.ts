import { expect, type APIRequestContext } from '@playwright/test';

type OutboxMessage = { id: number; to: string; subject: string; text: string; links: string[]; createdAt: string };

/** Waits for the newest e-mail to `to` in the local outbox (/dev/mailbox.json) and returns its first link. */
export async function linkFromMailbox(request: APIRequestContext, to: string, subject?: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/dev/mailbox.json')).json()) as OutboxMessage[];
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
