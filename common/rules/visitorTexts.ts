import { MISSED_CALL_TEXT_MAX, type MissedCallRecovery } from './callFlow.ts';

// The words the service says or texts to a visitor during a call's life (issue 18), in his
// language. Apart from callFlow.ts so that only the screens and the server that use them load
// them (the sign-in page's budget).

/**
 * The text a visitor is sent after a missed Call now when the widget's text is empty, in the
 * visitor's language (the page's navigator.language), English otherwise. These are visitor-facing
 * words the service writes, like the widget's own strings (widget/src/strings.ts), not dashboard
 * strings, so they live here rather than in the dashboard's catalogs.
 */
const MISSED_CALL_TEXTS: Record<string, string> = {
  en: 'Sorry we missed your call. We will call you back as soon as we can.',
  de: 'Leider haben wir Ihren Anruf verpasst. Wir rufen Sie so bald wie möglich zurück.',
  es: 'Lamentamos no haber podido atender su llamada. Le devolveremos la llamada lo antes posible.',
  fr: 'Désolés d’avoir manqué votre appel. Nous vous rappellerons dès que possible.',
  ja: 'お電話に出られず申し訳ありません。できるだけ早く折り返しご連絡いたします。',
  zh: '抱歉错过了您的来电。我们会尽快给您回电。',
};

/** Said to both parties before they talk, when the widget asks for a recording notice. */
const RECORDING_NOTICES: Record<string, string> = {
  en: 'This call is recorded.',
  de: 'Dieses Gespräch wird aufgezeichnet.',
  es: 'Esta llamada se graba.',
  fr: 'Cet appel est enregistré.',
  ja: 'この通話は録音されます。',
  zh: '本次通话将被录音。',
};

/** Said to a visitor called first whom no agent took, before the line ends; the second sentence only when a callback follows. */
const NOBODY_TOOK_IT: Record<string, [string, string]> = {
  en: ['Sorry, nobody could take your call right now.', ' We will call you back.'],
  de: ['Leider konnte gerade niemand Ihren Anruf annehmen.', ' Wir rufen Sie zurück.'],
  es: ['Lo sentimos, ahora mismo nadie ha podido atender su llamada.', ' Le devolveremos la llamada.'],
  fr: ['Désolés, personne n’a pu prendre votre appel pour le moment.', ' Nous vous rappellerons.'],
  ja: ['申し訳ありません。ただいま電話に出られる者がおりません。', '折り返しご連絡いたします。'],
  zh: ['抱歉，目前无人能接听您的电话。', '我们会给您回电。'],
};

/** The entry of a table of visitor-facing words for a language tag (its primary subtag), English otherwise. */
function inLanguage<T>(table: Record<string, T>, language: string | null | undefined): T {
  const primary = (language ?? '').toLowerCase().split('-')[0] ?? '';
  return Object.hasOwn(table, primary) ? table[primary]! : table.en!;
}

/** The text a visitor is sent when the widget's own is empty, in that language (English otherwise). */
export function defaultMissedCallText(language: string | null | undefined): string {
  return inLanguage(MISSED_CALL_TEXTS, language);
}

/** The recording notice in the visitor's language. */
export function recordingNotice(language: string | null | undefined): string {
  return inLanguage(RECORDING_NOTICES, language);
}

/** What a waiting visitor nobody took hears before the line ends, in his language. */
export function nobodyTookItText(language: string | null | undefined, callbackFollows: boolean): string {
  const [sorry, callback] = inLanguage(NOBODY_TOOK_IT, language);
  return callbackFollows ? `${sorry}${callback}` : sorry;
}

/** The words of the visitor's text: the widget's own, else the default in the visitor's language. */
export function missedCallText(recovery: MissedCallRecovery, language: string | null | undefined): string {
  const own = recovery.textVisitor.text.trim();
  if (own !== '') return own.slice(0, MISSED_CALL_TEXT_MAX);
  return defaultMissedCallText(language);
}

/** The voice language (Twilio's `<Say language>`) of the words above, for the visitor's language. */
const SPOKEN_LANGUAGES: Record<string, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', ja: 'ja-JP', zh: 'zh-CN' };

export function spokenLanguage(language: string | null | undefined): string {
  return inLanguage(SPOKEN_LANGUAGES, language);
}
