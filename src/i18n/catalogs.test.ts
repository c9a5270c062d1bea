import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { languages } from './languages.ts';

/** Reads msgid → msgstr from a PO file (single- and multi-line strings). */
function readCatalog(language: string): Map<string, string> {
  const path = fileURLToPath(new URL(`../locales/${language}/messages.po`, import.meta.url));
  const entries = new Map<string, string>();
  let current: { id: string; str: string } | null = null;
  let field: 'id' | 'str' | null = null;
  const unquote = (text: string) => JSON.parse(text) as string;
  const flush = () => {
    if (current && current.id !== '') entries.set(current.id, current.str);
  };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const id = /^msgid (".*")$/.exec(line);
    const str = /^msgstr (".*")$/.exec(line);
    const continuation = /^(".*")$/.exec(line);
    if (id) {
      flush();
      current = { id: unquote(id[1]), str: '' };
      field = 'id';
    } else if (str && current) {
      current.str = unquote(str[1]);
      field = 'str';
    } else if (continuation && current && field) {
      current[field] += unquote(continuation[1]);
    }
  }
  flush();
  return entries;
}

/** Placeholders ({name}) and tags (<0>, </0>) a translation must keep. */
function tokensOf(message: string): string[] {
  return (message.match(/\{\w+\}|<\/?\d+\/?>/g) ?? []).sort();
}

const source = readCatalog('en');

describe('translation catalogs', () => {
  it('has source messages', () => {
    expect(source.size).toBeGreaterThan(50);
  });

  describe.each(languages.filter((language) => language.code !== 'en'))('$name ($code)', ({ code }) => {
    const catalog = readCatalog(code);

    it('has exactly the source messages', () => {
      expect([...catalog.keys()].sort()).toEqual([...source.keys()].sort());
    });

    it('translates every message', () => {
      const missing = [...catalog].filter(([, translation]) => translation.trim() === '').map(([id]) => id);
      expect(missing).toEqual([]);
    });

    it('keeps placeholders and tags', () => {
      const broken = [...catalog]
        .filter(([id, translation]) => translation && tokensOf(id).join() !== tokensOf(translation).join())
        .map(([id]) => id);
      expect(broken).toEqual([]);
    });
  });
});
