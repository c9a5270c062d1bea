/** A text message (SMS) the service sends: to a visitor whose call was missed, or to a client. */
export interface TextMessage {
  /** E.164. */
  to: string;
  body: string;
  /** The number it comes from (E.164): the account's number calls come from. */
  from: string;
}

/**
 * Text messages (ARCHITECTURE.md, Adapters): they go with the telephony provider, the local
 * outbox beside the call simulator (shown at /dev/messages), Twilio Messaging beside Twilio.
 */
export interface Texts {
  /** One line for the startup log. */
  readonly description: string;
  send(message: TextMessage): Promise<void>;
}
