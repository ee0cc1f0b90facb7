/**
 * The tournament screens' texts in German and English (docs/web.md: German by default, an English switch):
 * both languages have the same keys with the same placeholders and no empty text; every key the screens
 * name literally exists, and so does each key they build from a value (format's round word, status, format,
 * every error code of the routes); the create and the edit form render in both languages without a missing
 * key. The pages in Chromium check the same on the running server (tournaments.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TournamentDetail, TournamentErrorCode, TournamentStatus } from '@stich/protocol';
import { TOURNEY_ERRORS } from '@stich/tournament';
import { FORMAT_IDS, FORMATS } from '@stich/tournament/formats';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/i18n/index.ts';
import { TOURNAMENTS_DE, TOURNAMENTS_EN } from '../src/i18n/tournaments.ts';
import { webRoot } from './harness.ts';

/** The routes' own codes besides the core's (packages/protocol tournaments.ts `TournamentErrorCode`). */
const SERVER_CODES = [
  'unauthorized',
  'forbidden',
  'not-found',
  'too-many-requests',
  'too-many-tournaments',
] as const;
const CODES = [...TOURNEY_ERRORS, ...SERVER_CODES];
// Fails to compile when the protocol adds a code that this list lacks.
const covered: [Exclude<TournamentErrorCode, (typeof CODES)[number]>] extends [never] ? true : false = true;
const STATUSES: readonly TournamentStatus[] = ['open', 'running', 'finished', 'cancelled'];

/** Every leaf as "a.b.c" → text (arrays by index). */
function leaves(o: unknown, at = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof o === 'string') out.set(at, o);
  else if (o && typeof o === 'object')
    for (const [k, v] of Object.entries(o))
      for (const [p, s] of leaves(v, at ? `${at}.${k}` : k)) out.set(p, s);
  return out;
}
const DE = leaves(TOURNAMENTS_DE);
const EN = leaves(TOURNAMENTS_EN);
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** A key as `t` takes it: a plural key is named without its `_one`/`_other`. */
const has = (map: Map<string, string>, key: string) =>
  map.has(key) || (map.has(`${key}_one`) && map.has(`${key}_other`));

const missing: string[] = [];
// The form's module adds the tournament texts when loaded, which needs i18next set up first.
let Form: typeof import('../src/tournaments/Create.tsx');
beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: {
      de: { translation: { ...resources.de, tournaments: TOURNAMENTS_DE } },
      en: { translation: { ...resources.en, tournaments: TOURNAMENTS_EN } },
    },
    lng: 'de',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (lngs, _ns, key) => {
      missing.push(`${lngs.join()}:${key}`);
    },
  });
  Form = await import('../src/tournaments/Create.tsx');
});

describe('tournament texts', () => {
  it('have the same keys in German and English, with the same placeholders and no empty text', () => {
    expect(covered).toBe(true);
    expect([...EN.keys()].sort()).toEqual([...DE.keys()].sort());
    for (const [k, de] of DE) {
      const en = EN.get(k)!;
      expect(de.trim(), k).not.toBe('');
      expect(en.trim(), k).not.toBe('');
      expect(placeholders(en), k).toEqual(placeholders(de));
    }
    expect(DE.size).toBeGreaterThan(100);
  });

  it('hold every key the tournament screens name, literally or built from a format, status or error code', () => {
    const dir = join(webRoot, 'src/tournaments');
    const named = new Set<string>();
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.tsx') || x.endsWith('.ts'))) {
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(/'tournaments\.([\w.-]+)'/g)) named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(50);
    for (const f of FORMAT_IDS) {
      const round = FORMATS[f].round;
      named.add(`create.rounds.${round}`).add(`create.games.${round}`).add(`detail.plan_${round}`);
      named.add(`detail.round_${round}`).add(`total.${f}`);
    }
    for (const s of STATUSES) named.add(`status.${s}`);
    for (const c of CODES) named.add(`error.${c}`);
    const absent = [...named].filter((k) => !has(DE, k) || !has(EN, k));
    expect(absent).toEqual([]);
    // The tie-breaks: one name per tie-break the format's standings give, in both languages.
    for (const f of FORMAT_IDS) expect(TOURNAMENTS_EN.tie[f].length, f).toBe(TOURNAMENTS_DE.tie[f].length);
  });

  it('render the create and the edit form in German and English without a missing key', async () => {
    const detail = {
      id: 'T1',
      name: 'Herbstturnier',
      organizer: 'Annika',
      public: false,
      format: 'ddv',
      game: 'doppelkopf',
      status: 'open',
      entrants: 0,
      maxPlayers: 12,
      startsAt: null,
      settings: {
        format: 'ddv',
        game: 'doppelkopf',
        preset: null,
        rounds: 3,
        games: 8,
        seed: '1',
        startsAt: Date.UTC(2030, 0, 2, 18, 30),
        maxPlayers: 12,
        fill: false,
      },
      players: [],
      registered: false,
      organizing: true,
      code: 'c0de',
      rounds: [],
      standings: [],
      dropped: [],
    } satisfies TournamentDetail;
    const shown: Record<string, string> = {};
    for (const lang of ['de', 'en'] as const) {
      await i18next.changeLanguage(lang);
      shown[`create-${lang}`] = renderToStaticMarkup(createElement(Form.CreateTournament));
      shown[`edit-${lang}`] = renderToStaticMarkup(
        createElement(Form.EditTournament, { detail, done: () => {}, refused: () => {}, close: () => {} }),
      );
    }
    expect(missing).toEqual([]);
    for (const html of Object.values(shown)) expect(html).not.toMatch(/tournaments\./);
    // The edit form is the create form, filled with the tournament's name and settings.
    const edit = shown['edit-de'];
    expect(edit).toContain('data-testid="tournament-edit"');
    expect(edit).toContain('Turnier bearbeiten');
    expect(edit).toContain('value="Herbstturnier"');
    expect(edit).toMatch(/name="rounds"[^>]*value="3"/);
    expect(edit).toMatch(/name="games"[^>]*value="8"/);
    expect(edit).toMatch(/name="maxPlayers"[^>]*value="12"/);
    expect(edit).toMatch(/name="visibility" checked="" value="invite"/);
    expect(edit).not.toMatch(/name="fill" checked/);
    // The start in the browser's time zone, as the datetime-local field takes it.
    const at = new Date(Date.UTC(2030, 0, 2, 18, 30));
    expect(edit).toContain(`value="2030-01-0${at.getDate()}T${String(at.getHours()).padStart(2, '0')}:30"`);
    expect(shown['edit-en']).toContain('Save the changes');
    expect(shown['create-en']).toContain('Set up the tournament');
    expect(shown['create-de']).not.toContain('edit-close');
    await i18next.changeLanguage('de');
  });
});
