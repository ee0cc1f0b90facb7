import { useTranslation } from 'react-i18next';
import { setLang } from './i18n.ts';

/** German by default; English as a switch (kept in localStorage). */
export function LangSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      className="lang"
      data-testid="lang"
      onClick={() => setLang(i18n.language === 'de' ? 'en' : 'de')}
      aria-label={t('language')}
    >
      {t('switchLang')}
    </button>
  );
}
