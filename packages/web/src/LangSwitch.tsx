import { useTranslation } from 'react-i18next';
import { setLang } from './i18n/index.ts';

/** German by default; English as a switch (kept in localStorage). */
export function LangSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      className="lang"
      data-testid="lang"
      onClick={() => setLang(i18n.language === 'de' ? 'en' : 'de')}
      // Its name is what it shows: the language it switches to, in that language.
      lang={i18n.language === 'de' ? 'en' : 'de'}
      title={t('language')}
    >
      {t('switchLang')}
    </button>
  );
}
