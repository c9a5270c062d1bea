import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCREEN_CATALOGS } from '../../lingui.config.ts';
import { entryKey, poEntries } from '../../scripts/i18n/poEntries.ts';
import { languages } from './languages.ts';

const CATALOGS = ['messages', ...Object.keys(SCREEN_CATALOGS)];

/** Every catalog of a language (messages, and each screen's own): msgid → msgstr, with the catalog's name. */
function readCatalogs(language: string): Map<string, Map<string, string>> {
  return new Map(
    CATALOGS.map((name) => {
      const text = readFileSync(fileURLToPath(new URL(`../locales/${language}/${name}.po`, import.meta.url)), 'utf8');
      return [name, new Map(poEntries(text).map((entry) => [entryKey(entry), entry.translation]))];
    }),
  );
}

/** Placeholders ({name}) and tags (<0>, </0>) a translation must keep. */
function tokensOf(message: string): string[] {
  return (message.match(/\{\w+\}|<\/?\d+\/?>/g) ?? []).sort();
}

const sources = readCatalogs('en');

describe('translation catalogs', () => {
  it('has source messages', () => {
    expect(sources.get('messages')!.size).toBeGreaterThan(50);
    for (const name of CATALOGS) expect(sources.get(name)!.size, name).toBeGreaterThan(0);
  });

  describe.each(languages.filter((language) => language.code !== 'en'))('$name ($code)', ({ code }) => {
    const catalogs = readCatalogs(code);

    describe.each(CATALOGS)('%s', (name) => {
      const source = sources.get(name)!;
      const catalog = catalogs.get(name)!;

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
});
