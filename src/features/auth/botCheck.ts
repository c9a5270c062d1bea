/**
 * The invisible bot check before registration (spec §5). Two adapters, chosen by configuration
 * (ARCHITECTURE.md, Adapters): with VITE_RECAPTCHA_SITE_KEY set, reCAPTCHA v3 runs invisibly
 * and its script is loaded only then; without it, the local adapter answers a token at once,
 * which the server's local captcha adapter accepts.
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Runs the bot check and answers its token. */
export async function runBotCheck(action = 'register'): Promise<string> {
  const siteKey = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
  if (!siteKey) return `local-${crypto.randomUUID()}`;
  const grecaptcha = await loadRecaptcha(siteKey);
  return grecaptcha.execute(siteKey, { action });
}
