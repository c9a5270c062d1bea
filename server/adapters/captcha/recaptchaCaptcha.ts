import type { FastifyBaseLogger } from 'fastify';
import type { Captcha } from './captcha.ts';

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const TIMEOUT_MS = 5000;

/** Google reCAPTCHA: asks siteverify whether the token is valid. */
export class RecaptchaCaptcha implements Captcha {
  readonly description = 'Google reCAPTCHA';
  readonly #secret: string;
  readonly #fetch: typeof fetch;
  readonly #log: FastifyBaseLogger;

  /** `fetchImpl` lets tests stand in for Google. */
  constructor(options: { secret: string; log: FastifyBaseLogger; fetchImpl?: typeof fetch }) {
    this.#secret = options.secret;
    this.#fetch = options.fetchImpl ?? fetch;
    this.#log = options.log;
  }

  async verify(token: string, clientAddress?: string): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.#secret, response: token });
    if (clientAddress) form.set('remoteip', clientAddress);
    try {
      const response = await this.#fetch(SITEVERIFY_URL, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
      const result = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (result.success !== true) this.#log.info({ errors: result['error-codes'] }, 'captcha: token rejected');
      return result.success === true;
    } catch (error) {
      // Fail closed: when Google cannot be asked, sign-up is refused rather than left open to bots.
      this.#log.warn({ err: error }, 'captcha: siteverify failed');
      return false;
    }
  }
}
