import { i18n, type Messages } from '@lingui/core';
import type { ScreenCatalog } from '../../lingui.config.ts';
import { saveLanguage, type LanguageCode } from './languages.ts';

type Catalog = 'messages' | ScreenCatalog;

/**
 * Loads a compiled catalog (the Lingui Vite plugin compiles the .po file on import). One that fails
 * to load (a network error on its chunk) leaves its messages in the source language rather than
 * the app blank.
 */
async function loadCatalog(language: LanguageCode, catalog: Catalog): Promise<Messages> {
  try {
    const { messages } = await import(`../locales/${language}/${catalog}.po`);
    return messages;
  } catch (error) {
    console.error(`Could not load the ${language} ${catalog} catalog`, error);
    return {};
  }
}

/** The language being activated or active, and the screens' catalogs asked for so far (lingui.config.ts, SCREEN_CATALOGS). */
let language: LanguageCode | undefined;
const screenCatalogs = new Set<ScreenCatalog>();
/** The catalogs in i18n, as `language/catalog`. */
const loaded = new Set<string>();

/** Activates a language for the whole app, with the screens' catalogs asked for so far, and remembers the choice. */
export async function activateLanguage(chosen: LanguageCode, { remember = true } = {}): Promise<void> {
  language = chosen;
  let catalogs: Catalog[];
  let messages: Messages;
  // A screen's catalog asked for while these load (a route's loader at start) is loaded with them.
  do {
    catalogs = ['messages', ...screenCatalogs];
    messages = Object.assign({}, ...(await Promise.all(catalogs.map((catalog) => loadCatalog(chosen, catalog)))));
  } while (catalogs.length !== screenCatalogs.size + 1);
  if (language !== chosen) return; // a later choice won
  i18n.loadAndActivate({ locale: chosen, messages });
  loaded.clear();
  for (const catalog of catalogs) loaded.add(`${chosen}/${catalog}`);
  document.documentElement.lang = chosen;
  if (remember) saveLanguage(chosen);
}

/**
 * A screen's own messages, for its route's loader: loaded into the active language once, and with
 * every later choice of language. Before the first language is active, activateLanguage loads it.
 */
export async function loadScreenCatalog(catalog: ScreenCatalog): Promise<void> {
  screenCatalogs.add(catalog);
  const current = language;
  if (!current || loaded.has(`${current}/${catalog}`)) return;
  const messages = await loadCatalog(current, catalog);
  if (i18n.locale !== current || language !== current) return; // activateLanguage, under way, loads it
  i18n.load(current, messages);
  loaded.add(`${current}/${catalog}`);
}
