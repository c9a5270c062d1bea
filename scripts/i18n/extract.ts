// npm run i18n:extract: Lingui's `extract --clean`, then every empty translation filled from any
// catalog of the same language that had the message before. Lingui keeps a translation only within
// its own catalog file, so a message that moves between catalogs (a screen given a catalog of its
// own in lingui.config.ts, a component moved to another folder) would otherwise lose its
// translations in every language.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { locales } from '../../lingui.config.ts';
import { entryKey, poEntries } from './poEntries.ts';

const LOCALES_DIR = 'src/locales';
const catalogFiles = (locale: string) =>
  readdirSync(join(LOCALES_DIR, locale))
    .filter((name) => name.endsWith('.po'))
    .map((name) => join(LOCALES_DIR, locale, name));

const before = new Map<string, Map<string, string>>();
for (const locale of locales) {
  const known = new Map<string, string>();
  for (const file of catalogFiles(locale)) for (const entry of poEntries(readFileSync(file, 'utf8'))) if (entry.translation) known.set(entryKey(entry), entry.translation);
  before.set(locale, known);
}

const extract = spawnSync('lingui', ['extract', '--clean'], { stdio: 'inherit' });
if (extract.status !== 0) process.exit(extract.status ?? 1);

let carried = 0;
for (const locale of locales) {
  const known = before.get(locale)!;
  for (const file of catalogFiles(locale)) {
    // Lingui writes a missing translation as one `msgstr ""` line right after its msgid.
    const lines = readFileSync(file, 'utf8').split('\n');
    let changed = false;
    let context: string | undefined;
    for (let index = 1; index < lines.length; index++) {
      const line = lines[index]!;
      if (line.startsWith('msgctxt ')) context = JSON.parse(line.slice(8)) as string;
      const id = /^msgid (".+")$/.exec(lines[index - 1]!);
      if (line === 'msgstr ""' && id && lines[index + 1] !== undefined && !lines[index + 1]!.startsWith('"')) {
        const translation = known.get(entryKey({ context, id: JSON.parse(id[1]!) as string }));
        if (translation) {
          lines[index] = `msgstr ${JSON.stringify(translation)}`;
          changed = true;
          carried++;
        }
      }
      if (line.startsWith('msgstr')) context = undefined;
    }
    if (changed) writeFileSync(file, lines.join('\n'));
  }
}
if (carried) console.log(`Carried ${carried} translations over to the catalog their message is now in.`);
