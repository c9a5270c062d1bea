import { mixSeed, SeededRandom } from '../random/seededRandom.ts';

/** Telephone quality: 8 kHz, mono, 16-bit PCM — what a phone line carries. */
export const RECORDING_SAMPLE_RATE = 8_000;
/** Longer calls get this much audio: enough to hear, small to send (320 kB). */
export const MAX_RECORDING_SECONDS = 20;

const WAV_HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/**
 * The recording of a call as a WAV file (spec §2 Calls History: play and download as .wav).
 * Recordings of the local telephony are synthesized, not stored: a ringback tone, then two
 * voices taking turns (agent lower, customer higher) over faint line noise. The pattern is
 * derived from the call id, so the same call always sounds the same and nothing is kept on disk.
 */
export function callRecordingWav(callId: number, durationSeconds: number): Buffer {
  const seconds = Math.min(Math.max(Math.round(durationSeconds), 1), MAX_RECORDING_SECONDS);
  const sampleCount = seconds * RECORDING_SAMPLE_RATE;
  const wav = Buffer.alloc(WAV_HEADER_BYTES + sampleCount * BYTES_PER_SAMPLE);
  writeWavHeader(wav, sampleCount);
  const samples = synthesizeConversation(new SeededRandom(mixSeed(0x7ec0_4d, callId)), sampleCount);
  for (let i = 0; i < sampleCount; i += 1) {
    wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32_767), WAV_HEADER_BYTES + i * BYTES_PER_SAMPLE);
  }
  return wav;
}

/** The canonical 44-byte RIFF/WAVE header for PCM audio. */
function writeWavHeader(wav: Buffer, sampleCount: number): void {
  const dataBytes = sampleCount * BYTES_PER_SAMPLE;
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(RECORDING_SAMPLE_RATE, 24);
  wav.writeUInt32LE(RECORDING_SAMPLE_RATE * BYTES_PER_SAMPLE, 28); // byte rate
  wav.writeUInt16LE(BYTES_PER_SAMPLE, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
}

function synthesizeConversation(random: SeededRandom, sampleCount: number): Float32Array {
  const out = new Float32Array(sampleCount);
  const rate = RECORDING_SAMPLE_RATE;
  // North American ringback: 440 Hz + 480 Hz, heard until the agent picks up.
  const ringEnd = Math.min(sampleCount, Math.round(rate * (0.8 + random.next() * 0.7)));
  for (let i = 0; i < ringEnd; i += 1) {
    const t = i / rate;
    out[i] = 0.12 * (Math.sin(2 * Math.PI * 440 * t) + Math.sin(2 * Math.PI * 480 * t));
  }
  const voices = [random.int(105, 140), random.int(185, 235)];
  let cursor = ringEnd + Math.round(rate * 0.3);
  let speaker = 0;
  while (cursor < sampleCount) {
    cursor = speakTurn(out, random, cursor, voices[speaker]!);
    cursor += Math.round(rate * (0.2 + random.next() * 0.5));
    speaker = 1 - speaker;
  }
  for (let i = 0; i < sampleCount; i += 1) out[i]! += (random.next() - 0.5) * 0.01;
  return out;
}

/** One turn: a few syllables, each a voiced sound with harmonics, a pitch glide and an envelope. */
function speakTurn(out: Float32Array, random: SeededRandom, start: number, basePitch: number): number {
  const rate = RECORDING_SAMPLE_RATE;
  let cursor = start;
  const syllables = random.int(3, 12);
  for (let s = 0; s < syllables && cursor < out.length; s += 1) {
    const length = Math.round(rate * (0.09 + random.next() * 0.2));
    const pitchFrom = basePitch * (0.9 + random.next() * 0.25);
    const pitchTo = basePitch * (0.85 + random.next() * 0.25);
    const loudness = 0.25 + random.next() * 0.2;
    let phase = 0;
    for (let i = 0; i < length && cursor + i < out.length; i += 1) {
      const progress = i / length;
      phase += (2 * Math.PI * (pitchFrom + (pitchTo - pitchFrom) * progress)) / rate;
      const envelope = Math.sin(Math.PI * progress);
      const voiced = Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.3 * Math.sin(3 * phase) + 0.15 * Math.sin(5 * phase);
      out[cursor + i] = loudness * envelope * (voiced / 1.95);
    }
    cursor += length + Math.round(rate * random.next() * 0.05);
  }
  return cursor;
}
