import { languageNames, type Language } from '@cardstock/contract';

/**
 * A stock row's language beside the card, as a short tag ("DE", titled German); English, the default, goes
 * without one so the common case stays quiet.
 */
export function LanguageTag({ language }: { language: Language }) {
  if (language === 'en') return null;
  return (
    <span className="badge badge-language" title={languageNames[language]} aria-label={languageNames[language]}>
      {language.toUpperCase()}
    </span>
  );
}
