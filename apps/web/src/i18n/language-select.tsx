import { LOCALES, LOCALE_NAMES, isLocale } from '@wattdesk/shared/i18n/locales';
import { useId } from 'react';
import { useLanguage } from './language-store.ts';

type LanguageSelectProps = {
  /** "Language", in the page's language. */
  label: string;
};

/**
 * The sign-in page's language chooser: a native select (no MUI there, decision 002), each language named in itself.
 * The choice is this browser's, and the account's once signed in (follow-account.ts).
 */
export const LanguageSelect = ({ label }: LanguageSelectProps) => {
  const id = useId();
  const locale = useLanguage((state) => state.locale);
  const choose = useLanguage((state) => state.choose);
  return (
    <div className="wd-language">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          void choose(next, { pickedSignedOut: true });
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
};
