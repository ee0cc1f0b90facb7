/**
 * Interface texts: German by default, English as a switch. Rule terms (Jas, Mie, Terz, Halber, Belle,
 * Orgi, Kleines, Kontra, Re, Stich) stay German in both languages. The texts are in de.ts and en.ts,
 * Doppelkopf's in doppelkopf.de.ts and doppelkopf.en.ts, the fair deal's in fair.ts, those of the pace,
 * the tricks and the standings in play.ts; this module switches between them.
 *
 * Actions are labelled by tag: `action.<t>`; their fields are passed as interpolation values
 * (`suit` is turned into the suit's name first). An unknown tag falls back to the tag itself, so a new
 * rule in an engine still gets a working button.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de.ts';
import { en } from './en.ts';

/** Both languages' texts (initI18n; the tests render with them). */
export const resources = { de, en };

const LANGS = ['de', 'en'] as const;
export type Lang = (typeof LANGS)[number];
const LANG_KEY = 'stich.lang';

function storedLang(): Lang {
  try {
    const v = localStorage.getItem(LANG_KEY);
    if (v === 'en' || v === 'de') return v;
  } catch {
    // Storage can be blocked; German is the default.
  }
  return 'de';
}

export function setLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // not stored; the switch still works for this page
  }
  document.documentElement.lang = lang;
  void i18next.changeLanguage(lang);
}

/**
 * Texts of screens in a chunk of their own (the account screens), added to both languages when that chunk
 * is loaded, so that the lobby's first script does not carry them (docs/web.md, Accounts).
 */
export function addTexts(de: Record<string, unknown>, en: Record<string, unknown>): void {
  i18next.addResourceBundle('de', 'translation', de, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
}

export function initI18n(): typeof i18next {
  const lng = storedLang();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    resources: { de: { translation: de }, en: { translation: en } },
    lng,
    fallbackLng: 'de',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
