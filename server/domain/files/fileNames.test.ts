import { describe, expect, it } from 'vitest';
import { displayFilename, urlFilename } from './fileNames.ts';

describe('displayFilename', () => {
  it('keeps an ordinary name as the user chose it', () => {
    expect(displayFilename('My Logo (1).png')).toBe('My Logo (1).png');
    expect(displayFilename('Grüße.wav')).toBe('Grüße.wav');
  });

  it('drops directories, control characters and surrounding spaces', () => {
    expect(displayFilename('../../etc/passwd')).toBe('passwd');
    expect(displayFilename('C:\\Users\\ada\\logo.png')).toBe('logo.png');
    expect(displayFilename(' bad\u0000name\n.png ')).toBe('badname.png');
  });

  it('names a nameless file "file" and cuts long names at 255 characters', () => {
    expect(displayFilename(undefined)).toBe('file');
    expect(displayFilename('   ')).toBe('file');
    expect(displayFilename(`${'a'.repeat(300)}.png`)).toHaveLength(255);
  });
});

describe('urlFilename', () => {
  it('reduces the stem to URL-safe characters and uses the detected extension', () => {
    expect(urlFilename('My Logo (1).PNG', 'png')).toBe('My-Logo-1.png');
    expect(urlFilename('Café Grüße.txt', 'png')).toBe('Cafe-Gru-e.png');
    expect(urlFilename('<script>.svg', 'png')).toBe('script.png');
    expect(urlFilename('???', 'wav')).toBe('file.wav');
  });
});
