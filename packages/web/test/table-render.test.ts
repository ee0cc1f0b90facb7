/**
 * The table drawn without a browser (React's server renderer) for states of random matches (issue 21): no
 * "Jetzt nichts ansagen" button, the viewer's own "Stiche: N" and Vorbehalt bubble, the Doppelkopf match's
 * progress and owed Pflichtsoli, what each party needed at the end of a deal, the Klapper-Jas Orgi proposal
 * drawn once, the hint's words for a call, the final standings, and German plurals.
 */
import { type Action, type AnyGame, GAME_META, GAMES, randomStep, seeded, unwrap } from '@stich/engine';
import type { DoppelkopfView, GameView } from '@stich/protocol';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WireAction } from '../src/actions.ts';
import { DokoBreakdown } from '../src/doko.tsx';
import { hintLabel } from '../src/Hint.tsx';
import { FAIR_DE } from '../src/i18n/fair.ts';
import { resources } from '../src/i18n/index.ts';
import { readView } from '../src/model.ts';
import { Standings } from '../src/Standings.tsx';
import { Table } from '../src/Table.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { de: { translation: resources.de }, en: { translation: resources.en } },
    lng: 'de',
    fallbackLng: 'de',
    interpolation: { escapeValue: false },
  });
});

const NAMES = ['Anna', 'Bert', 'Cora', 'Dirk'];
const seatsOf = (n: number, me: number) =>
  NAMES.slice(0, n).map((name, i) => ({ name: i === me ? 'Du' : name, bot: i !== me, connected: true }));

function render(game: string, view: GameView, legal: readonly Action[], me: number): string {
  const model = readView(view, GAME_META[game as 'doppelkopf']!)!;
  return renderToStaticMarkup(
    createElement(Table, {
      model,
      legal: legal as WireAction[],
      seats: seatsOf(view.seats, me),
      me,
      onAct: () => {},
    }),
  );
}

/** The viewer's own line under the felt (tags and bubbles; it holds no div). */
const ownLine = (html: string) => {
  const i = html.indexOf('<div class="my-calls">');
  return i < 0 ? '' : html.slice(i, html.indexOf('</div>', i));
};

/** Random play of `game` from a fresh table, calling `visit` with each state. */
function play(id: string, config: unknown, seed: number, steps: number, visit: (s: unknown) => void) {
  const g = GAMES[id as 'doppelkopf'] as unknown as AnyGame;
  const rng = seeded(seed);
  let s = g.start(unwrap(g.parseConfig(config)), seed % 4);
  for (let i = 0; i < steps && !g.isOver(s); i++) {
    if (g.awaitsDeal(s)) s = unwrap(g.applyDeal(s, g.randomDeal(s, rng)));
    else {
      const st = randomStep(g, s, rng, 0.3);
      s = unwrap(g.apply(s, st.seat, st.action));
    }
    visit(s);
  }
}

describe('Doppelkopf at the table (issue 21)', () => {
  const g = GAMES.doppelkopf as unknown as AnyGame;
  for (const preset of ['ddv', 'house'] as const)
    it(`${preset}: no "quiet" button, own tricks and bubble, progress, Pflichtsolo owed, needs`, () => {
      const seen = { quiet: 0, tricks: 0, said: 0, needs: 0, owing: 0 };
      let step = 0;
      for (let seed = 1; seed <= 4; seed++)
        play('doppelkopf', { players: 4, preset, options: { games: 8 } }, seed, 300, (s) => {
          const me = seed % 4;
          // Every third state (rendering is the slow part), and every one of the Vorbehalt round.
          if (step++ % 3 !== 0 && g.phase(s) !== 'reserve') return;
          const v = g.viewFor(s, me) as unknown as DoppelkopfView;
          const legal = g.legalActions(s, me);
          const html = render('doppelkopf', v as unknown as GameView, legal, me);
          // Saying nothing needs no click: the game does not wait for it.
          if (legal.some((a) => a.t === 'quiet')) seen.quiet++;
          expect(html).not.toContain('data-tag="quiet"');
          const own = ownLine(html);
          if (v.tricks.length > 0) {
            const n = v.tricks.filter((x) => x.winner === me).length;
            expect(own).toContain(`data-testid="own-tricks" data-n="${n}"`);
            expect(own).toContain(`Stiche: ${n}`);
            seen.tricks++;
          }
          const answer = v.reservations[me];
          if (answer !== null && v.phase === 'reserve') {
            expect(own).toContain(`data-said="${answer}"`);
            seen.said++;
          }
          const games = v.options.games;
          expect(html).toContain(`Spiel ${Math.min(v.deal, games)} von ${games}`);
          if (v.options.pflichtsolo) {
            const c = v.contract;
            const playing = c?.kind === 'solo' && c.pflicht ? c.declarer : null;
            const owing = [0, 1, 2, 3].filter((x) => !v.pflichtsoloDone.includes(x) && x !== playing);
            if (owing.length > 0)
              expect(html).toContain(
                `Pflichtsolo offen: ${owing.map((x) => (x === me ? 'Du' : NAMES[x])).join(', ')}`,
              );
            seen.owing++;
          }
          const last = v.last;
          if (last && last.contract.kind !== 'redeal' && last.needs) {
            const r = renderToStaticMarkup(
              createElement(DokoBreakdown, { r: last, names: NAMES, options: v.options }),
            );
            const need = (p: 're' | 'kontra') => {
              const x = last.needs![p];
              if (x === 'trick') return 'einen Stich';
              if (x === 'all-tricks') return 'alle Stiche';
              return x === 1 ? '1 Auge' : `${x} Augen`;
            };
            expect(r).toContain(`Re brauchte ${need('re')} · Kontra brauchte ${need('kontra')}`);
            seen.needs++;
          }
        });
      expect(seen.quiet).toBeGreaterThan(0);
      expect(seen.tricks).toBeGreaterThan(0);
      expect(seen.said).toBeGreaterThan(0);
      expect(seen.needs).toBeGreaterThan(0);
      if (preset === 'ddv') expect(seen.owing).toBeGreaterThan(0);
    });

  it('the hint names a call as its button does ("Gesund", not "healthy")', () => {
    let view: GameView | null = null;
    play('doppelkopf', { players: 4, preset: 'ddv' }, 3, 1, (s) => {
      view = g.viewFor(s, 0) as unknown as GameView;
    });
    const t = i18next.getFixedT('de');
    expect(hintLabel(t, { t: 'healthy' }, view!, (k) => i18next.exists(k))).toBe('Gesund');
    expect(hintLabel(t, { t: 'reserve' }, view!, (k) => i18next.exists(k))).toBe('Vorbehalt');
    expect(hintLabel(i18next.getFixedT('en'), { t: 'healthy' }, view!, (k) => i18next.exists(k))).not.toBe(
      'healthy',
    );
  });
});

describe('Klapper-Jas: the Orgi proposal (issue 21)', () => {
  it('is drawn once: by the turned card, not again as a suit beside it', () => {
    const g = GAMES.klapperjas as unknown as AnyGame;
    let checked = 0;
    for (let seed = 1; seed <= 5; seed++)
      play('klapperjas', { players: 4 }, seed, 30, (s) => {
        const v = g.viewFor(s, 0) as unknown as GameView & { turned: string | null; proposed: string | null };
        if (v.phase === 'play' || v.trump !== null || !v.turned || !v.proposed) return;
        const html = render('klapperjas', v, g.legalActions(s, 0), 0);
        expect(html.split('Orgi-Vorschlag').length - 1, html).toBe(1);
        checked++;
      });
    expect(checked).toBeGreaterThan(0);
  });
});

describe('words (issue 21)', () => {
  it('German singular and plural, "Geben" not "Gebungen"', () => {
    const t = i18next.getFixedT('de');
    expect(t('table.cards', { count: 1 })).toBe('1 Karte');
    expect(t('table.cards', { count: 3 })).toBe('3 Karten');
    expect(t('table.aside', { count: 1 })).toBe('1 Karte liegt verdeckt beiseite');
    expect(t('analysis.pending', { count: 1 })).toBe('Noch 1 Spiel wird analysiert …');
    expect(t('analysis.pending', { count: 2 })).toBe('Noch 2 Spiele werden analysiert …');
    expect(t('hint.worse', { loss: '1,5', unit: t('hint.unit.gamePoints', { count: 1.5 }) })).toBe(
      'im Mittel 1,5 Spielpunkte schlechter',
    );
    expect(t('hint.unit.gamePoints', { count: 1 })).toBe('Spielpunkt');
    expect(JSON.stringify(FAIR_DE)).not.toContain('Gebungen');
    expect(i18next.getFixedT('en')('table.cards', { count: 1 })).toBe('1 card');
  });

  it('the match-over box lists every seat with its final score, the winners first', () => {
    const html = renderToStaticMarkup(
      createElement(Standings, { winners: [2], scores: [3, -1, 7, -9], ranking: [], names: NAMES }),
    );
    const rows = [...html.matchAll(/data-seat="(\d)" data-score="(-?\d+)"/g)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual([
      ['2', '7'],
      ['0', '3'],
      ['1', '-1'],
      ['3', '-9'],
    ]);
    expect(html).toContain('Endstand');
  });
});
