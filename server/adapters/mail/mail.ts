/** An e-mail the server sends (verification, password reset, change of e-mail). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail adapter (ARCHITECTURE.md, Adapters): the local outbox or SMTP. */
export interface Mail {
  /** Shown in the startup log, e.g. "local outbox at http://localhost:3000/dev/mailbox". */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

/** The absolute http(s) links of a text, in order, without duplicates. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}
