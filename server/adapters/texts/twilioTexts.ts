import type twilio from 'twilio';
import { rebasedTwilioClient } from '../telephony/twilioTelephony.ts';
import type { TextMessage, Texts } from './texts.ts';

export interface TwilioTextsOptions {
  accountSid: string;
  authToken: string;
  /** Where Twilio's REST API is; tests point it at a local stand-in. */
  apiBaseUrl?: string;
  /**
   * What every text comes from (TWILIO_MESSAGING_FROM): an SMS-capable number of the account, or
   * a Messaging Service (MG…); unset, each text comes from the number its calls come from.
   */
  messagingFrom?: string;
}

/**
 * Text messages through Twilio Messaging (Messages resource), with the credentials the calls use,
 * from TWILIO_MESSAGING_FROM when set, else from the number the account's calls come from.
 */
export class TwilioTexts implements Texts {
  readonly description: string;
  readonly #client: twilio.Twilio;
  readonly #from: string | undefined;

  constructor(options: TwilioTextsOptions) {
    this.#client = rebasedTwilioClient(options);
    this.#from = options.messagingFrom;
    const from = options.messagingFrom ? `from ${options.messagingFrom}` : "from each call's number";
    this.description = `Twilio Messaging (account ${options.accountSid.slice(0, 6)}…, ${from})`;
  }

  async send(message: TextMessage): Promise<void> {
    const from = this.#from ?? message.from;
    const sender = from.startsWith('MG') ? { messagingServiceSid: from } : { from };
    await this.#client.messages.create({ to: message.to, body: message.body, ...sender });
  }
}
