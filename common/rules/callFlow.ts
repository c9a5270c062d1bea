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

/**
 * What a call reads of a widget's call flow. A widget saved before issue 18 keeps how its calls
 * went (no whisper: its agents were never told to press 1) and gets the missed-call recovery,
 * which the issue asks on for new and existing widgets.
 */
export function readCallFlow(general: Partial<Pick<WidgetSettings, 'agentWhisper' | 'missedCallRecovery' | 'recording'>>): CallFlow {
  const defaults = defaultCallFlow();
  return {
    agentWhisper: general.agentWhisper ?? false,
    missedCallRecovery: general.missedCallRecovery ?? defaults.missedCallRecovery!,
    recording: general.recording ?? defaults.recording!,
  };
}
