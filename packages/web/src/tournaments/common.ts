/**
 * What the tournament screens share: their texts (added when the chunk loads), a format's name in the
 * interface language, and the text of a refusal (the code's text and the server's reason).
 */
import { FORMATS, type FormatId } from '@stich/tournament/formats';
import { useTranslation } from 'react-i18next';
import { AccountError } from '../account/api.ts';
import { addTexts } from '../i18n/index.ts';
import { TOURNAMENTS_DE, TOURNAMENTS_EN } from '../i18n/tournaments.ts';

addTexts({ tournaments: TOURNAMENTS_DE }, { tournaments: TOURNAMENTS_EN });

/** A format's name in the interface language (the id for a format this client does not know). */
export function useFormatName(): (id: string) => string {
  const { i18n } = useTranslation();
  return (id) => {
    const f = FORMATS[id as FormatId];
    if (!f) return id;
    return i18n.language === 'en' ? f.name.en : f.name.de;
  };
}

/** A refusal as the player reads it: the code's text, with the server's own reason after it. */
export function useRefusal(): (e: unknown) => { text: string; code: string } {
  const { t, i18n } = useTranslation();
  return (e) => {
    const code = e instanceof AccountError ? e.code : 'other';
    const key = `tournaments.error.${code}`;
    const text = i18n.exists(key) ? t(key) : t('tournaments.error.other');
    const reason = (e as Error)?.message ?? String(e);
    return { text: reason && reason !== text ? t('tournaments.refused', { text, reason }) : text, code };
  };
}
