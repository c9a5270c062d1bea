/** The bot check of sign-up (spec §5 Register: "An invisible bot check runs before submission"). */
export interface Captcha {
  /** Shown in the startup log. */
  readonly description: string;
  /** True when the token proves a human; false when the provider rejects it or cannot be asked. */
  verify(token: string, clientAddress?: string): Promise<boolean>;
}
