import { describe, expect, it } from 'vitest';
import { readWavHeader } from '../../test/wavHeader.ts';
import { callRecordingWav, MAX_RECORDING_SECONDS, RECORDING_SAMPLE_RATE } from './wav.ts';

describe('callRecordingWav', () => {
  it('is a PCM WAV file: RIFF/WAVE, mono, 8 kHz, 16-bit, one second of samples per second of call', () => {
    const wav = callRecordingWav(42, 7);
    expect(readWavHeader(wav)).toEqual({
      riff: 'RIFF',
      riffSize: wav.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      format: 1,
      channels: 1,
      sampleRate: 8_000,
      byteRate: 16_000,
      bitsPerSample: 16,
      data: 'data',
      dataSize: 7 * RECORDING_SAMPLE_RATE * 2,
    });
    expect(wav.length).toBe(44 + 7 * 16_000);
  });

  it('caps long calls and gives zero-length ones a second', () => {
    expect(readWavHeader(callRecordingWav(1, 3_600)).dataSize).toBe(MAX_RECORDING_SECONDS * 16_000);
    expect(readWavHeader(callRecordingWav(1, 0)).dataSize).toBe(16_000);
  });

  it('sounds the same for the same call, different for another, and is not silence', () => {
    const first = callRecordingWav(7, 5);
    expect(callRecordingWav(7, 5).equals(first)).toBe(true);
    expect(callRecordingWav(8, 5).equals(first)).toBe(false);
    let peak = 0;
    for (let offset = 44; offset < first.length; offset += 2) peak = Math.max(peak, Math.abs(first.readInt16LE(offset)));
    expect(peak).toBeGreaterThan(5_000);
    expect(peak).toBeLessThanOrEqual(32_767);
  });
});
