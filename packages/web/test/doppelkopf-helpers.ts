/**
 * Helpers of the Doppelkopf browser tests: a deal chosen by seed with the engine itself, a table stored at
 * that deal (humans at the given seats, random computer players elsewhere) and opened by each human in his
 * own browser context, exactly as the server restores a table after a restart (as deal.test.ts does), a
 * click loop that knows two copies of a card (playUntil of harness.ts clicks one card by its name), and one
 * that plays a whole table by clicking (the tournament tests).
 */
import { type Action, type AnyGame, GAMES, seeded, unwrap } from '@stich/engine';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { StoredStep } from '../../server/src/store.ts';
import { type Harness, openAtStep, storeTable } from './harness.ts';

export interface DokoConfig {
  players: 4;
  preset: 'ddv' | 'house';
  options?: Record<string, unknown>;
}

type View = Record<string, unknown> & { toAct: readonly number[]; phase: string; hand: readonly string[] };

const game = GAMES.doppelkopf as unknown as AnyGame;

/**
 * The first deal (seeds from 1) for which `ok` holds after the `before` steps, applied in order as
 * [seat, action]; returns the stored steps (the deal and `before`).
 */
export function findDeal(
  config: DokoConfig,
  dealer: number,
  before: readonly (readonly [number, Action])[],
  ok: (view: (seat: number) => View, legal: (seat: number) => readonly Action[]) => boolean,
  seeds = 3000,
): StoredStep[] {
  const cfg = unwrap(game.parseConfig(config));
  for (let seed = 1; seed <= seeds; seed++) {
    let s = game.start(cfg, dealer);
    const deal = game.randomDeal(s, seeded(seed));
    s = unwrap(game.applyDeal(s, deal));
    const steps: StoredStep[] = [{ seq: 0, kind: 'deal', seat: null, data: deal }];
    let good = true;
    for (const [seat, action] of before) {
      const r = game.apply(s, seat, action);
      if (!r.ok) {
        good = false;
        break;
      }
      s = r.value;
      steps.push({ seq: steps.length, kind: 'action', seat, data: action });
    }
    const st = s;
    if (
      good &&
      ok(
        (seat) => game.viewFor(st, seat) as unknown as View,
        (seat) => game.legalActions(st, seat),
      )
    )
      return steps;
  }
  throw new Error(`no seed up to ${seeds} gives the deal wanted`);
}

/**
 * Stores a Doppelkopf table at `steps` with humans at `humans` (random bots elsewhere) and opens it in a
 * new browser context per human (guest and seat token in its localStorage). Returns the pages by human.
 */
export async function openTable(
  h: Harness,
  config: DokoConfig,
  dealer: number,
  steps: readonly StoredStep[],
  humans: readonly number[],
  size: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page[]> {
  const { table, people } = await storeTable(
    'doppelkopf',
    config,
    dealer,
    steps,
    humans.map((seat) => ({ seat, name: `Spieler ${seat + 1}` })),
  );
  const pages: Page[] = [];
  for (const p of people) {
    const ctx = await (h.browser as Browser).newContext({ viewport: size, reducedMotion: 'reduce' });
    const page = await h.newPage(ctx);
    await openAtStep(h, page, table, p, steps.length);
    expect(await page.locator('main.table-screen').getAttribute('data-seat')).toBe(String(p.seat));
    pages.push(page);
  }
  return pages;
}

const seqOf = (page: Page) => page.locator('main.table-screen').getAttribute('data-seq');

/** Clicks `selector` (the first match) and waits for the server's next state. */
export async function clickAndWait(page: Page, selector: string): Promise<void> {
  const seq = await seqOf(page);
  await page.locator(selector).first().click();
  await page.waitForFunction(
    (s) => document.querySelector('main.table-screen')?.getAttribute('data-seq') !== s,
    seq,
    { timeout: 10_000 },
  );
}

/** Waits until the page offers a control matching `selector`. */
export const offered = (page: Page, selector: string) =>
  page.locator(selector).first().waitFor({ state: 'visible', timeout: 15_000 });

/**
 * Plays the viewer's legal cards (the first one offered) until `done` holds; `pick` may choose another
 * legal card by its name. Announcement buttons are left alone. Returns the number of cards played. With
 * `root` (a selector of the table screen) only cards under it count: a hand read just after the page left
 * for another table is not played by mistake.
 */
export async function playCards(
  page: Page,
  done: () => Promise<boolean>,
  pick?: (legal: readonly string[], hand: readonly string[]) => string | null,
  limit = 60,
  root = '',
): Promise<number> {
  const under = (sel: string) => (root ? `${root} ${sel}` : sel);
  let played = 0;
  for (let i = 0; i < 2000; i++) {
    if (await done()) return played;
    const state = await page.evaluate(
      ([legal, hand]) => ({
        legal: [...document.querySelectorAll<HTMLElement>(legal)].map((b) => b.dataset.card ?? ''),
        hand: [...document.querySelectorAll<HTMLElement>(hand)].map((b) => b.dataset.card ?? ''),
      }),
      [under('.hand button.card[data-legal=true]'), under('.hand button.card')],
    );
    if (state.legal.length === 0) {
      await page.waitForTimeout(25);
      continue;
    }
    const card = pick?.(state.legal, state.hand) ?? state.legal[0];
    await clickAndWait(page, under(`.hand button.card[data-card=${card}][data-legal=true]`));
    played++;
    if (played > limit) throw new Error(`more than ${limit} cards played`);
  }
  throw new Error('not done after 2000 steps');
}

/** The cards of the hand as shown, with their copy numbers. */
export const handCards = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.hand button.card')].map((b) => ({
      card: b.dataset.card ?? '',
      copy: b.dataset.copy ?? '',
      legal: b.dataset.legal === 'true',
    })),
  );

/**
 * Plays the page's table of `deals` deals to its end: legal cards, and "healthy" (else the first button
 * offered) when the Vorbehalt asks; never an announcement. Returns the clicks that moved the table. With
 * `table` (its id) the table also counts as ended once the page shows another one: a tournament's finished
 * table takes its player on to his next table by itself (TournamentNext.tsx), often before the end was seen.
 */
export async function playTable(page: Page, deals: number, table?: string): Promise<number> {
  const root = table ? `main.table-screen[data-table="${table}"]` : 'main.table-screen';
  const over = () =>
    page.evaluate((t) => {
      const main = document.querySelector('main.table-screen');
      return (
        (t !== null && main?.getAttribute('data-table') !== t) || main?.getAttribute('data-over') === 'true'
      );
    }, table ?? null);
  // Buttons that answer the Vorbehalt (healthy, a reservation, a forced solo's game); announcements are optional.
  const prompt = `${root} .actions button.action:not([data-tag=announce])`;
  const asked = async () => (await over()) || (await page.locator(prompt).count()) > 0;
  let clicks = 0;
  for (let i = 0; i < 20 * deals; i++) {
    clicks += await playCards(page, asked, undefined, 12 * deals, table ? root : '');
    if (await over()) return clicks;
    const healthy = `${prompt}[data-tag=healthy]`;
    const sel = (await page.locator(healthy).count()) > 0 ? healthy : prompt;
    await clickAndWait(page, sel);
    clicks++;
  }
  throw new Error('the table did not end');
}
