import type { Captcha } from './captcha.ts';

/** Accepts every token; for development and tests. Startup says so (ARCHITECTURE.md, Adapters). */
export class LocalCaptcha implements Captcha {
  readonly description = 'local, accepts every token (set RECAPTCHA_SECRET for Google reCAPTCHA)';

  async verify(): Promise<boolean> {
    return true;
  }
}
