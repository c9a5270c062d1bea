import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Ga4 } from './analytics/ga4.ts';
import { Ga4MeasurementProtocol } from './analytics/ga4MeasurementProtocol.ts';
import { Ga4Recorder } from './analytics/ga4Recorder.ts';
import type { Captcha } from './captcha/captcha.ts';
import { LocalCaptcha } from './captcha/localCaptcha.ts';
import { RecaptchaCaptcha } from './captcha/recaptchaCaptcha.ts';
import type { Mail } from './mail/mail.ts';
import { OutboxMail } from './mail/outboxMail.ts';
import { SmtpMail } from './mail/smtpMail.ts';
import { LocalCardProcessor } from './payments/localCardProcessor.ts';
import type { Payments } from './payments/payments.ts';
import { StripePayments } from './payments/stripePayments.ts';
import { LocalStorage } from './storage/localStorage.ts';
import type { Storage } from './storage/storage.ts';
import { CallSimulator } from './telephony/callSimulator.ts';
import type { Telephony } from './telephony/telephony.ts';
import { TwilioTelephony } from './telephony/twilioTelephony.ts';
import { OutboxTexts } from './texts/outboxTexts.ts';
import type { Texts } from './texts/texts.ts';
import { TwilioTexts } from './texts/twilioTexts.ts';

/** The outside world, behind small interfaces (ARCHITECTURE.md, Adapters). */
export interface Adapters {
  mail: Mail;
  captcha: Captcha;
  /** Card payments: the local card processor (Stripe's test cards), or Stripe when its keys are set. */
  payments: Payments;
  /** Uploaded files (and other blobs); local directory DATA_DIR/files. */
  storage: Storage;
  /** Places calls: the local call simulator, or Twilio when its credentials are set. */
  telephony: Telephony;
  /** Sends text messages, with the telephony: the local outbox beside the simulator, else Twilio Messaging. */
  texts: Texts;
  /** Sends call outcomes to the clients' GA4 properties: the Measurement Protocol when GA4_SEND (production's default), else the local recorder. */
  ga4: Ga4;
}

/** Picks each adapter from the configuration: the real provider when configured, else the local one. */
export function createAdapters(config: Config, db: Database, log: FastifyBaseLogger): Adapters {
  const mail: Mail = config.smtpUrl
    ? new SmtpMail({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : new OutboxMail({ db, from: config.mailFrom, publicUrl: config.publicUrl, log });
  const captcha: Captcha = config.recaptchaSecret
    ? new RecaptchaCaptcha({ secret: config.recaptchaSecret, log })
    : new LocalCaptcha();
  const payments: Payments = config.stripe
    ? new StripePayments({ db, ...config.stripe })
    : new LocalCardProcessor({ db, publicUrl: config.publicUrl });
  // No S3-compatible storage yet: the Storage interface is ready for one.
  const storage: Storage = new LocalStorage(path.join(config.dataDir, 'files'));
  const telephony: Telephony = config.telephony.twilio
    ? new TwilioTelephony({ ...config.telephony.twilio, publicUrl: config.publicUrl })
    : new CallSimulator({ speed: config.telephony.simulatorSpeed });
  const texts: Texts = config.telephony.twilio
    ? new TwilioTexts(config.telephony.twilio)
    : new OutboxTexts({ db, publicUrl: config.publicUrl, log });
  const ga4: Ga4 = config.ga4Send ? new Ga4MeasurementProtocol() : new Ga4Recorder({ log });
  return { mail, captcha, storage, payments, telephony, texts, ga4 };
}

/** One line per adapter at startup, so nothing local passes unnoticed. */
export function describeAdapters(adapters: Adapters): string[] {
  return [
    `mail: ${adapters.mail.description}`,
    `captcha: ${adapters.captcha.description}`,
    `payments: ${adapters.payments.description}`,
    `storage: ${adapters.storage.description}`,
    `telephony: ${adapters.telephony.description}`,
    `text messages: ${adapters.texts.description}`,
    `analytics: ${adapters.ga4.description}`,
  ];
}
