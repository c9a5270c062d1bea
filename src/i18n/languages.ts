import { storageKeys } from '../session/storageKeys.ts';

/** spec §2 Shell: languages offered; the choice is saved locally, default en. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'ja', name: '日本語' },
  { code: 'zh', name: '中文' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];

export const defaultLanguage: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return languages.some((language) => language.code === value);
}

export function savedLanguage(storage: Storage = localStorage): LanguageCode {
  try {
    const saved = storage.getItem(storageKeys.language);
    return isLanguageCode(saved) ? saved : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

export function saveLanguage(language: LanguageCode, storage: Storage = localStorage): void {
  try {
    storage.setItem(storageKeys.language, language);
  } catch {
    // Storage may be unavailable (private mode): the choice then lasts for this visit only.
  }
}
