// The PO catalogs' entries as Lingui writes them (src/locales/{locale}/*.po): read by the catalog
// tests (src/i18n/catalogs.test.ts) and by `npm run i18n:extract` (scripts/i18n/extract.ts).

export interface PoEntry {
  /** msgctxt, when the message has one. */
  context?: string;
  id: string;
  translation: string;
}

/** The key of an entry in a catalog: its context and its source message. */
export const entryKey = (entry: Pick<PoEntry, 'context' | 'id'>) => (entry.context === undefined ? entry.id : `${entry.context}\u0004${entry.id}`);

const FIELDS = { msgctxt: 'context', msgid: 'id', msgstr: 'translation' } as const;

/** The entries of a PO file, without its header (single- and multi-line strings). */
export function poEntries(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<PoEntry> = {};
  let field: keyof PoEntry | null = null;
  const flush = () => {
    if (current.id) entries.push({ translation: '', ...current } as PoEntry);
    current = {};
  };
  for (const line of text.split('\n')) {
    const keyword = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line);
    const continuation = /^(".*")$/.exec(line);
    if (keyword) {
      field = FIELDS[keyword[1] as keyof typeof FIELDS];
      // An entry ends with its msgstr: the next msgctxt or msgid starts another.
      if (field !== 'translation' && current.translation !== undefined) flush();
      current[field] = JSON.parse(keyword[2]!) as string;
    } else if (continuation && field) {
      current[field] = (current[field] ?? '') + (JSON.parse(continuation[1]!) as string);
    }
  }
  flush();
  return entries;
}
