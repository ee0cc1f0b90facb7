/**
 * axe-core on every screen (issue 21), German and English, desktop (1280 x 800) and phone (390 x 844): the
 * lobby with the game chooser, the create dialog, the rules dialog of every game, Meine Tische, #/fair, Nachspielen,
 * a table during the calls (Klapper-Jas, the Doppelkopf Vorbehalt, the Differenzler estimate), in play
 * (Klapper-Jas and Doppelkopf), at a deal's end, a full table's offer to watch, the
 * spectator's view and a replay. Any serious or critical violation fails, named by screen, size and element.
 * Also the rules dialog as a player meets it on a phone: the rulebook, at the top, within the screen, the close
 * button always in view.
 */
import { join } from 'node:path';
import { decide, requestFor } from '@stich/bots';
import { type AnyGame, GAMES, type GameId, gameById, randomStep, seeded, unwrap } from '@stich/engine';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import type { StoredStep } from '../../server/src/store.ts';
import { axe, chromiumPath, harness, openAtStep, shots, storeTable, WAIT_MS } from './harness.ts';

type View = Record<string, unknown> & { phase: string };
type Config = { players: number; preset?: string; options?: Record<string, unknown> };

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Seeded random play from dealer 0 until `stop` holds for seat 0's view while seat 0 is to act. */
function stepsTo(id: GameId, config: Config, stop: (v: View) => boolean): StoredStep[] {
  const g = GAMES[id] as unknown as AnyGame;
  const cfg = unwrap(g.parseConfig(config));
  for (let seed = 1; seed <= 2000; seed++) {
    const rng = seeded(`a11y/${seed}`);
    let s = g.start(cfg, 0);
    const steps: StoredStep[] = [];
    for (let i = 0; i < 3000 && !g.isOver(s); i++) {
      if (g.awaitsDeal(s)) {
        const deal = g.randomDeal(s, rng);
        s = unwrap(g.applyDeal(s, deal));
        steps.push({ seq: steps.length, kind: 'deal', seat: null, data: deal });
        continue;
      }
      if (g.toAct(s)[0] === 0 && stop(g.viewFor(s, 0) as unknown as View)) return steps;
      const { seat, action } = randomStep(g, s, rng, 0);
      s = unwrap(g.apply(s, seat, action));
      steps.push({ seq: steps.length, kind: 'action', seat, data: action });
    }
  }
  throw new Error(`no seed reaches the situation in ${id}`);
}

/** A whole Klaberjass match to 100 of rule players, as the server stores it. */
function finishedMatch(): StoredStep[] {
  const g = gameById('klaberjass')!;
  let state = unwrap(g.parseConfig({ players: 2, options: { target: 100 } }));
  state = g.start(state, 0);
  const steps: StoredStep[] = [];
  while (!g.isOver(state)) {
    const seq = steps.length;
    if (g.awaitsDeal(state)) {
      const deal = g.randomDeal(state, seeded(`a11y-replay/${seq}`));
      steps.push({ seq, kind: 'deal', seat: null, data: deal });
      state = unwrap(g.applyDeal(state, deal));
      continue;
    }
    const seat = g.toAct(state)[0];
    const action = decide(requestFor('klaberjass', state, seat, 'rule', `a11y-replay/${seq}`));
    steps.push({ seq, kind: 'action', seat, data: action });
    state = unwrap(g.apply(state, seat, action));
  }
  return steps;
}

/** What axe (already in the page) says about each serious violation: the element and the reason. */
function why(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(o: unknown): Promise<{
          violations: { impact: string; nodes: { html: string; failureSummary: string }[] }[];
        }>;
      };
    };
    const r = await w.axe.run({ resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${n.html.slice(0, 120)}: ${n.failureSummary}`));
  });
}

const trickCards = (v: View) => ((v.trick as { cards: unknown[] } | null)?.cards.length ?? 0) as number;
const handSize = (v: View) => ((v.hand as unknown[] | null)?.length ?? 0) as number;

const KJ4 = { players: 4, preset: 'manual' };
const DOKO = { players: 4, preset: 'house' };

describe.skipIf(!chromiumPath)('accessibility of every screen (axe-core)', () => {
  const h = harness();
  // Situations found once, stored as a fresh table wherever a screen needs one.
  const bidding = stepsTo('klapperjas', KJ4, (v) => v.phase === 'orgi');
  const play = stepsTo('klapperjas', KJ4, (v) => v.phase === 'play' && trickCards(v) > 0);
  const lastCard = stepsTo(
    'klapperjas',
    KJ4,
    (v) => v.phase === 'play' && handSize(v) === 1 && trickCards(v) === 3,
  );
  const doko = stepsTo('doppelkopf', DOKO, (v) => v.phase === 'play' && trickCards(v) > 0);
  const dokoReserve = stepsTo('doppelkopf', DOKO, (v) => v.phase === 'reserve');
  const estimate = stepsTo('differenzler', { players: 4 }, (v) => v.phase === 'estimate');
  const replay = finishedMatch();

  async function newContext(lang: 'de' | 'en', size = DESKTOP): Promise<BrowserContext> {
    const ctx = await h.browser.newContext({ viewport: size, reducedMotion: 'reduce' });
    await ctx.addInitScript((l) => localStorage.setItem('stich.lang', l), lang);
    return ctx;
  }

  /** Opens a new stored table at `steps` in `page` as its seated player; returns the table id. */
  async function openTable(page: Page, id: GameId, config: Config, steps: StoredStep[]): Promise<string> {
    const { table, people } = await storeTable(id, config, 0, steps, [{ seat: 0, name: 'Tester' }]);
    await openAtStep(h, page, table, people[0], steps.length);
    return table;
  }

  for (const lang of ['de', 'en'] as const)
    it(`every screen in ${lang === 'de' ? 'German' : 'English'}, desktop and phone: no serious or critical violation`, async () => {
      const found: string[] = [];
      const check = async (page: Page, screen: string, sizes = [DESKTOP, PHONE]) => {
        for (const size of sizes) {
          await page.setViewportSize(size);
          const violations = await axe(page);
          for (const v of violations) found.push(`${screen} ${size.width}: ${v}`);
          if (violations.length > 0) console.warn(screen, size.width, await why(page));
          if (process.env.STICH_SCREENSHOTS || process.env.STICH_A11Y_SHOTS)
            await page.screenshot({ path: join(shots, `a11y-${lang}-${screen}-${size.width}.png`) });
        }
        await page.setViewportSize(DESKTOP);
      };
      const ctx = await newContext(lang);
      const page = await ctx.newPage();
      await page.goto(h.base);
      await page.getByTestId('quick').waitFor({ timeout: WAIT_MS });
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      // The lobby settled: its buttons are enabled once the games are loaded.
      await page.locator('[data-testid=create]:not([disabled])').waitFor();
      await check(page, 'lobby');
      await page.getByTestId('create').click();
      await page.locator('.dialog').first().waitFor();
      await check(page, 'create');
      await page.keyboard.press('Escape');
      for (const game of ['klapperjas', 'klaberjass', 'differenzler', 'doppelkopf']) {
        await page.locator(`.quick-game[data-game="${game}"] [data-testid=rules-button]`).click();
        await page.getByTestId('rulebook').waitFor();
        await check(page, `rules-${game}`);
        await page.keyboard.press('Escape');
      }
      await page.goto(`${h.base}/#/fair`);
      await page.locator('.fair-page h1, .fair-page h2').first().waitFor({ timeout: WAIT_MS });
      await check(page, 'fair');
      await page.goto(`${h.base}/#/replay`);
      await page.getByTestId('replay-file').waitFor({ timeout: WAIT_MS });
      await check(page, 'nachspielen');

      const biddingTable = await openTable(page, 'klapperjas', KJ4, bidding);
      await page.locator('.actions button.action').first().waitFor();
      await check(page, 'bidding');
      await page.goto(`${h.base}/#/`);
      await page.getByTestId('my-tables').waitFor({ timeout: WAIT_MS });
      await check(page, 'my-tables');
      expect(biddingTable).toBeTruthy();

      const playTable = await openTable(page, 'klapperjas', KJ4, play);
      await page.locator('.hand button.card[data-legal=true]').first().waitFor();
      await check(page, 'play');
      await page.getByTestId('scores-tab').click();
      await check(page, 'scores');
      await openTable(page, 'doppelkopf', DOKO, doko);
      await page.locator('.hand button.card[data-legal=true]').first().waitFor();
      await check(page, 'doppelkopf');
      await openTable(page, 'doppelkopf', DOKO, dokoReserve);
      await page.locator('.actions button.action').first().waitFor();
      await check(page, 'doppelkopf-vorbehalt');
      await openTable(page, 'differenzler', { players: 4 }, estimate);
      await page.locator('form.number-action').waitFor();
      await check(page, 'differenzler-estimate');

      // The end of a deal stays a limited time: one fresh table per size.
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await openTable(page, 'klapperjas', KJ4, lastCard);
        await page.locator('.hand button.card[data-legal=true]').first().click();
        await page.getByTestId('deal-end').waitFor({ timeout: WAIT_MS });
        await check(page, 'deal-end', [size]);
      }

      // Someone else opens the running table: it is full, he may watch.
      const other = await (await newContext(lang)).newPage();
      await other.goto(`${h.base}/#/t/${playTable}`);
      const gate = other.getByTestId('name-gate');
      await Promise.race([
        gate.waitFor({ timeout: WAIT_MS }),
        other.getByTestId('table-full').waitFor({ timeout: WAIT_MS }),
      ]);
      if (await gate.isVisible()) {
        await gate.getByRole('textbox').fill('Zoe');
        await gate.getByRole('button').click();
      }
      await other.getByTestId('table-full').waitFor({ timeout: WAIT_MS });
      await check(other, 'table-full');
      await other.getByTestId('watch').click();
      await expect
        .poll(() => other.locator('main.table-screen').getAttribute('data-status'), { timeout: WAIT_MS })
        .toBe('open');
      await check(other, 'spectator');
      await other.context().close();

      const { table } = await storeTable('klaberjass', { players: 2, options: { target: 100 } }, 0, replay, [
        { seat: 0, name: 'Anna' },
      ]);
      await context().store.setStatus(table, 'over');
      await page.goto(`${h.base}/#/replay/${table}`);
      await page.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
      await check(page, 'replay');
      await ctx.close();
      expect(found).toEqual([]);
    }, 300_000);

  it('the rules dialog on a phone: the players’ rulebook in the interface language, opened at the top, within the screen, "Schließen" always in view', async () => {
    for (const lang of ['de', 'en'] as const) {
      const ctx = await newContext(lang, PHONE);
      const page = await ctx.newPage();
      await page.goto(h.base);
      await page.getByTestId('quick').waitFor({ timeout: WAIT_MS });
      for (const game of ['klapperjas', 'klaberjass', 'differenzler', 'doppelkopf']) {
        await page.locator(`.quick-game[data-game="${game}"] [data-testid=rules-button]`).click();
        const dlg = page.getByTestId('rules');
        const book = dlg.getByTestId('rulebook');
        await book.waitFor();
        expect(await book.locator('h3').first().textContent()).toBe(
          lang === 'de' ? 'Worum es geht' : 'What it is about',
        );
        expect(await book.getAttribute('lang')).toBe(lang);
        // No developer document: no file paths or option identifiers.
        const text = (await dlg.textContent()) ?? '';
        expect(text).not.toMatch(/docs\/|packages\/|\.md\b|meldsNeedTrick|doppelkopfTrick/);
        const body = dlg.getByTestId('rules-body');
        const inView = async () =>
          page.evaluate(() => {
            const d = document.querySelector('[data-testid=rules]')!.getBoundingClientRect();
            const c = document.querySelector('[data-testid=rules-close]')!.getBoundingClientRect();
            const b = document.querySelector<HTMLElement>('[data-testid=rules-body]')!;
            return {
              dialog: d.left >= 0 && d.right <= innerWidth && d.top >= 0 && d.bottom <= innerHeight,
              close: c.top >= 0 && c.bottom <= innerHeight && c.left >= 0 && c.right <= innerWidth,
              page: document.documentElement.scrollWidth <= innerWidth,
              clipped: b.scrollWidth > b.clientWidth,
              // A table read on a phone should not need scrolling sideways.
              tables: [...b.querySelectorAll('.md-table')].every((t) => t.scrollWidth <= t.clientWidth),
              top: b.scrollTop,
            };
          });
        expect(await inView(), `${game} ${lang} at open`).toEqual({
          dialog: true,
          close: true,
          page: true,
          clipped: false,
          tables: true,
          top: 0,
        });
        if (game === 'doppelkopf') {
          await page.screenshot({ path: join(shots, `rules-phone-${lang}.png`) });
          // From the lobby the first preset's book (DDV); the house rules' book is one click away.
          const armut =
            lang === 'de' ? 'gibt alle seine Trümpfe verdeckt' : 'passes all his trumps face down';
          expect(await book.getAttribute('data-book')).toBe('ddv');
          expect(await book.textContent()).not.toContain(armut);
          await dlg.locator('.rulebook-preset button[data-book=house]').click();
          await expect.poll(() => book.textContent()).toContain(armut);
          expect(
            await dlg.locator('.rulebook-preset button[data-book=house]').getAttribute('aria-pressed'),
          ).toBe('true');
        }
        await body.evaluate((b) => {
          b.scrollTop = b.scrollHeight;
        });
        const end = await inView();
        expect(end.close, `${game} ${lang} scrolled to the end`).toBe(true);
        expect(end.top).toBeGreaterThan(0);
        await dlg.getByTestId('rules-close').click();
        expect(await dlg.count()).toBe(0);
      }
      await ctx.close();
    }
  }, 120_000);
});
