import type twilio from 'twilio';
import { rebasedTwilioClient } from '../telephony/twilioTelephony.ts';
import type { TextMessage, Texts } from './texts.ts';

export interface TwilioTextsOptions {
  accountSid: string;
  authToken: string;
  /** Where Twilio's REST API is; tests point it at a local stand-in. */
  apiBaseUrl?: string;
}

/**
 * Text messages through Twilio Messaging (Messages resource), with the credentials the calls use;
 * each comes from the number the account's calls come from.
 */
export class TwilioTexts implements Texts {
  readonly description: string;
  readonly #client: twilio.Twilio;

  constructor(options: TwilioTextsOptions) {
    this.#client = rebasedTwilioClient(options);
    this.description = `Twilio Messaging (account ${options.accountSid.slice(0, 6)}…)`;
  }

  async send(message: TextMessage): Promise<void> {
    await this.#client.messages.create({ to: message.to, from: message.from, body: message.body });
  }
}
