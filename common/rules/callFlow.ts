import type { components } from '../contract/dashboard.gen.ts';

type WidgetSettings = components['schemas']['WidgetSettings'];
export type MissedCallRecovery = NonNullable<WidgetSettings['missedCallRecovery']>;
export type CallRecording = NonNullable<WidgetSettings['recording']>;

/** The call flow of a widget's general settings, every field present (what `readCallFlow` answers). */
export type CallFlow = Required<Pick<WidgetSettings, 'agentWhisper' | 'missedCallRecovery' | 'recording'>>;

/** The longest text a visitor is sent after a missed call: two text-message segments. */
export const MISSED_CALL_TEXT_MAX = 300;

/** A new widget's call flow (issue 18): whisper and accept, every recovery, recorded without a notice. */
export function defaultCallFlow(): Pick<WidgetSettings, 'agentWhisper' | 'missedCallRecovery' | 'recording'> {
  return {
    agentWhisper: true,
    missedCallRecovery: { textVisitor: { isActive: true, text: '' }, scheduleCallback: true, notifyClient: true },
    recording: { notice: false, isActive: true },
  };
}

/** What a call reads of a widget's call flow; a widget saved before issue 18 reads as the defaults. */
export function readCallFlow(general: Partial<Pick<WidgetSettings, 'agentWhisper' | 'missedCallRecovery' | 'recording'>>): CallFlow {
  const defaults = defaultCallFlow();
  return {
    agentWhisper: general.agentWhisper ?? defaults.agentWhisper!,
    missedCallRecovery: general.missedCallRecovery ?? defaults.missedCallRecovery!,
    recording: general.recording ?? defaults.recording!,
  };
}

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

/** The text a visitor is sent when the widget's own is empty, in that language (English otherwise). */
export function defaultMissedCallText(language: string | null | undefined): string {
  const primary = (language ?? '').toLowerCase().split('-')[0] ?? '';
  return MISSED_CALL_TEXTS[primary] ?? MISSED_CALL_TEXTS.en!;
}

/** The words of the visitor's text: the widget's own, else the default in the visitor's language. */
export function missedCallText(recovery: MissedCallRecovery, language: string | null | undefined): string {
  const own = recovery.textVisitor.text.trim();
  if (own !== '') return own.slice(0, MISSED_CALL_TEXT_MAX);
  return defaultMissedCallText(language);
}
