import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, MailMessage } from './mail.ts';

/** Real mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export class SmtpMail implements Mail {
  readonly description: string;
  readonly #transport: Transporter;
  readonly #from: string;

  constructor(options: { smtpUrl: string; from: string }) {
    this.#transport = nodemailer.createTransport(options.smtpUrl);
    this.#from = options.from;
    const url = new URL(options.smtpUrl);
    // The log names the server, never the credentials.
    this.description = `SMTP via ${url.protocol}//${url.host}`;
  }

  async send(message: MailMessage): Promise<void> {
    await this.#transport.sendMail({ from: this.#from, ...message });
  }
}
