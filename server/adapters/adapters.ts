import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Captcha } from './captcha/captcha.ts';
import { LocalCaptcha } from './captcha/localCaptcha.ts';
import { RecaptchaCaptcha } from './captcha/recaptchaCaptcha.ts';
import type { Mail } from './mail/mail.ts';
import { OutboxMail } from './mail/outboxMail.ts';
import { SmtpMail } from './mail/smtpMail.ts';

/** The outside world, behind small interfaces (ARCHITECTURE.md, Adapters). */
export interface Adapters {
  mail: Mail;
  captcha: Captcha;
}

/** Picks each adapter from the configuration: the real provider when configured, else the local one. */
export function createAdapters(config: Config, db: Database, log: FastifyBaseLogger): Adapters {
  const mail: Mail = config.smtpUrl
    ? new SmtpMail({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : new OutboxMail({ db, from: config.mailFrom, publicUrl: config.publicUrl, log });
  const captcha: Captcha = config.recaptchaSecret
    ? new RecaptchaCaptcha({ secret: config.recaptchaSecret, log })
    : new LocalCaptcha();
  return { mail, captcha };
}

/** One line per adapter at startup, so nothing local passes unnoticed. */
export function describeAdapters(adapters: Adapters): string[] {
  return [`mail: ${adapters.mail.description}`, `captcha: ${adapters.captcha.description}`];
}
