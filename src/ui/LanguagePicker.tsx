import { NativeSelect } from '@chakra-ui/react/native-select';
import { useLingui } from '@lingui/react/macro';
import { activateLanguage } from '../i18n/activate.ts';
import { isLanguageCode, languages } from '../i18n/languages.ts';
import { useHydrated } from './useHydrated.ts';

/** spec §2 Shell: en, de, es, fr, ja, zh; the choice is saved locally. */
export function LanguagePicker() {
  const { t, i18n } = useLingui();
  // Disabled in a page the build rendered (scripts/bundles/prerender.ts) until the app runs: a
  // choice made there would be lost when React takes the page over.
  const live = useHydrated();
  return (
    <NativeSelect.Root size="sm" width="auto" disabled={!live}>
      <NativeSelect.Field
        aria-label={t`Language`}
        value={i18n.locale}
        onChange={(event) => {
          const code = event.currentTarget.value;
          if (isLanguageCode(code)) void activateLanguage(code);
        }}
        bg="white"
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
