/**
 * What the account screens share: their page with a bar (back to the lobby, title, language), the texts of
 * their chunk (added to i18next when it is loaded), error texts by code, dates, and loading a resource.
 */
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DE, ACCOUNT_EN } from '../i18n/account.ts';
import { addTexts } from '../i18n/index.ts';
import { STATS_DE, STATS_EN } from '../i18n/stats.ts';
import { LangSwitch } from '../LangSwitch.tsx';
import { navigate } from '../route.ts';
import { AccountError } from './api.ts';
import './account.css';

addTexts({ account: ACCOUNT_DE, stats: STATS_DE }, { account: ACCOUNT_EN, stats: STATS_EN });

export function Page({ title, name, children }: { title: string; name: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className={`account-page ${name}`} data-testid={`page-${name}`}>
      <nav className="topbar" aria-label={title}>
        <button type="button" onClick={() => navigate({ page: 'lobby' })}>
          {t('back')}
        </button>
        <strong>{title}</strong>
        <LangSwitch />
      </nav>
      {children}
    </main>
  );
}

/** The text for a refusal: by its code where there is one, else the reason as the server put it. */
export function useErrorText(): (e: unknown) => string {
  const { t, i18n } = useTranslation();
  return (e) => {
    if (e instanceof AccountError) {
      if (e.code === 'too-many-logins')
        return t('account.error.too-many-logins', { s: Math.max(1, Math.ceil(e.retryAfter ?? 1)) });
      if (i18n.exists(`account.error.${e.code}`)) return t(`account.error.${e.code}`);
    }
    return t('account.error.other', { reason: (e as Error)?.message ?? String(e) });
  };
}

/** A date (and time, for recent moments) in the interface language. */
export function useDate(): (iso: string, time?: boolean, style?: 'medium' | 'short') => string {
  const { i18n } = useTranslation();
  return (iso, time = false, style = 'medium') => {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return iso;
    return d.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
      dateStyle: style,
      ...(time ? { timeStyle: 'short' } : {}),
    });
  };
}

export type Loaded<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'ok'; readonly value: T }
  | { readonly state: 'error'; readonly error: unknown };

/** Loads `load()` whenever `key` changes; `reload` asks again. */
export function useLoad<T>(key: string, load: () => Promise<T>): [Loaded<T>, () => void] {
  const [got, setGot] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches
  useEffect(() => {
    let gone = false;
    setGot({ state: 'loading' });
    load().then(
      (value) => !gone && setGot({ state: 'ok', value }),
      (error: unknown) => !gone && setGot({ state: 'error', error }),
    );
    return () => {
      gone = true;
    };
  }, [key, round]);
  return [got, useCallback(() => setRound((r) => r + 1), [])];
}

/** One line saying what happened: an error (announced at once) or a notice. */
export function Note({ error, ok }: { error?: string | null; ok?: string | null }) {
  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (ok)
    return (
      <p className="ok" role="status">
        {ok}
      </p>
    );
  return null;
}
