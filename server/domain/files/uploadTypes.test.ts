import { describe, expect, it } from 'vitest';
import { TINY_PNG, tinyWav } from '../../test/toolbox.ts';
import { detectUploadType } from './uploadTypes.ts';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.isBuffer(part) ? part : Buffer.from(part))));

function aiff(kind: 'AIFF' | 'AIFC'): Buffer {
  const comm = bytes('COMM', [0, 0, 0, 18], [0, 1, 0, 0, 0, 0, 0, 16, 0x40, 0x0b, 0xfa, 0, 0, 0, 0, 0, 0, 0]);
  return bytes('FORM', [0, 0, 0, 4 + comm.length], kind, comm);
}

describe('detectUploadType', () => {
  it.each([
    ['a PNG', TINY_PNG, 'image/png'],
    ['a GIF', bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0], ',', [0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0], ';'), 'image/gif'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]), 'image/jpeg'],
    ['a WAV', tinyWav(), 'audio/wav'],
    ['an MP3 with an ID3 tag', bytes('ID3', [3, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64], Buffer.alloc(400)), 'audio/mpeg'],
    ['an AIFF', aiff('AIFF'), 'audio/aiff'],
    ['an AIFC', aiff('AIFC'), 'audio/aiff'],
    ['a μ-law .au', bytes('.snd', [0, 0, 0, 24, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, 0, 0, 0x1f, 0x40, 0, 0, 0, 1], Buffer.alloc(64, 0xff)), 'audio/basic'],
    ['raw GSM 06.10 frames', Buffer.concat([Buffer.from([0xd8]), Buffer.alloc(32, 0x21), Buffer.from([0xda]), Buffer.alloc(32, 0x42)]), 'audio/x-gsm'],
  ])('recognizes %s', async (_name, content, type) => {
    expect(await detectUploadType(content)).toBe(type);
  });

  it.each([
    ['plain text', Buffer.from('hello, this is not a picture\n')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
    ['a ZIP', bytes('PK', [3, 4, 20, 0, 0, 0, 0, 0], Buffer.alloc(30))],
    ['nothing', Buffer.alloc(0)],
    ['33 bytes that are not a GSM frame', Buffer.alloc(33, 0x41)],
  ])('refuses %s', async (_name, content) => {
    expect(await detectUploadType(content)).toBeNull();
  });
});
