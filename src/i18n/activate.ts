import { i18n } from '@lingui/core';
import { saveLanguage, type LanguageCode } from './languages.ts';

/** Loads a compiled catalog (the Lingui Vite plugin compiles the .po file on import). */
async function loadCatalog(language: LanguageCode) {
  const { messages } = await import(`../locales/${language}/messages.po`);
  return messages;
}

/**
 * Activates a language for the whole app and remembers the choice. A catalog that fails to load
 * (a network error on its chunk) leaves the app in the source language rather than blank.
 */
export async function activateLanguage(language: LanguageCode, { remember = true } = {}): Promise<void> {
  const messages = await loadCatalog(language).catch((error: unknown) => {
    console.error(`Could not load the ${language} catalog`, error);
    return {};
  });
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  if (remember) saveLanguage(language);
}
