/** Where a synthesized recording "lives": nothing is stored, the audio is made from the call id (wav.ts). */
export const SYNTHESIZED_RECORDING_KEY_PREFIX = 'synthesized:';

/** The recording key of a call the simulator connected (its audio comes from wav.ts). */
export function synthesizedRecordingKey(callId: number): string {
  return `${SYNTHESIZED_RECORDING_KEY_PREFIX}call-${callId}.wav`;
}
