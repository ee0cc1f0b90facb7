/**
 * The browser-test setup shared by the web tests: the client built by vite into a temporary folder, the
 * server from packages/server on a free port with a fresh SQLite file and bots without delay serving it,
 * Debian's Chromium driven by playwright-core, and helpers that click through a table.
 *
 * Use: `const h = harness();` at the top of a describe (registers beforeAll/afterAll), then `h.base`,
 * `h.newPage()`, `playUntil(page, done)` and `attr(page, name)` in the tests; `playTo` finds the steps to a
 * situation by seeded random play, `storeTable` stores a table at them and `openAtStep` opens it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Action, type AnyGame, GAMES, type GameId, randomStep, seeded, unwrap } from '@stich/engine';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { context } from '../../server/src/context.ts';
import { hash, type StoredStep, secret } from '../../server/src/store.ts';
import { servesClient } from './serves.ts';

export const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Screenshots go into docs/ only when asked for (STICH_SCREENSHOTS=1), so a test run leaves the tree unchanged.
export const shots = process.env.STICH_SCREENSHOTS
  ? resolve(webRoot, '../../docs/screenshots')
  : join(tmpdir(), 'stich-screenshots');

function findChromium(): string | null {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
export const chromiumPath = findChromium();
if (!chromiumPath)
  console.warn('packages/web tests skipped: chromium is not installed (apt-get install chromium)');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Server {
  url: string;
  close(): Promise<void>;
}

/** Timings gathered by playUntil over a test file, printed by the file that wants them. */
export const stats = {
  /** How long each click waited for the server's answer (ms). */
  waits: [] as number[],
  clickMs: [] as number[],
  idle: 0,
};

export interface Harness {
  /** Where the browser goes: the game server, which serves the built client too. */
  base: string;
  /** The temporary folder of this file's run (built client in dist/, the SQLite file). */
  tmp: string;
  browser: Browser;
  server: Server;
  /** Figures to print after the file (build time and what the tests add). */
  figures: Record<string, number | string>;
  /** Content security policy violations Chromium reported on any page. */
  cspViolations: string[];
  newPage(ctx?: BrowserContext, size?: { width: number; height: number }): Promise<Page>;
}

/**
 * Builds the client, starts the server and Chromium before the describe's tests and stops them after.
 * `env` adds to or overrides the server configuration.
 */
export function harness(env: Record<string, string> = {}): Harness {
  const h = {
    base: '',
    tmp: '',
    figures: {},
    cspViolations: [],
  } as unknown as Harness;
  h.newPage = async (ctx, size = { width: 1280, height: 800 }) => {
    const c = ctx ?? (await h.browser.newContext({ viewport: size, reducedMotion: 'reduce' }));
    const page = await c.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) h.cspViolations.push(m.text());
    });
    return page;
  };

  beforeAll(async () => {
    h.tmp = mkdtempSync(join(tmpdir(), 'stich-web-'));
    const outDir = join(h.tmp, 'dist');
    const { build } = await import('vite');
    const t0 = performance.now();
    // Vitest sets NODE_ENV=test, which would give a development build of React.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'silent',
      mode: 'production',
      build: { outDir, emptyOutDir: true },
    });
    process.env.NODE_ENV = nodeEnv;
    h.figures.buildMs = Math.round(performance.now() - t0);
    const { startServer, loadConfig } = await import('@stich/server');
    h.server = await startServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        SQLITE_FILE: join(h.tmp, 'stich.sqlite'),
        BOT_DELAY_MS: '0',
        WEB_DIR: outDir,
        LOG_LEVEL: process.env.STICH_TEST_LOG ?? 'silent',
        GRACE_SECONDS: '30',
        RATE_LIMIT: '1000',
        RATE_BURST: '1000',
        ...env,
      }),
    );
    h.base = h.server.url;
    // The game server itself serves the built client; a body cut short would leave the page blank.
    expect(await servesClient(h.server.url, outDir)).toBe(true);
    const { chromium } = await import('playwright-core');
    h.browser = await chromium.launch({ executablePath: chromiumPath!, args: ARGS, headless: true });
    mkdirSync(shots, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await h.browser?.close();
    await h.server?.close();
    if (h.tmp) rmSync(h.tmp, { recursive: true, force: true });
  });
  return h;
}

/**
 * Clicks what the seat may do until `done` holds: a legal card first, else a button that is not optional.
 * With `root` (a selector of the table screen) only what is under it is clicked: a page that moved on to
 * another table by itself (a tournament's next part) is not played there by mistake.
 */
export async function playUntil(
  page: Page,
  done: () => Promise<boolean>,
  limit = 2000,
  root = '',
): Promise<number> {
  const under = (sel: string) => (root ? `${root} ${sel}` : sel);
  let steps = 0;
  for (; steps < limit; steps++) {
    if (await done()) return steps;
    const next = await page.evaluate(choose, root);
    if (next.kind === 'wait') {
      stats.idle++;
      await page.waitForTimeout(25);
      continue;
    }
    if (next.kind === 'estimate')
      await page.locator(under('form.number-action input[type=number]')).fill('40');
    const c0 = performance.now();
    await page.locator(next.selector).click();
    stats.clickMs.push(performance.now() - c0);
    if (next.kind === 'card') {
      const chooser = page.locator(under('.chooser button.action')).first();
      if ((await chooser.count()) > 0) await chooser.click();
    }
    // Wait for the server's answer before the next click, so no click lands on a stale hand.
    const t0 = performance.now();
    const answered = await page
      .waitForFunction(
        (s) => document.querySelector('main.table-screen')?.getAttribute('data-seq') !== s,
        next.seq,
        {
          timeout: 10_000,
        },
      )
      .then(
        () => true,
        () => false,
      );
    stats.waits.push(performance.now() - t0);
    if (!answered) console.warn('no answer to', next, await page.locator('.banner').allTextContents());
  }
  throw new Error(`not done after ${limit} steps`);
}

type Choice =
  | { kind: 'wait'; seq: string }
  | { kind: 'card' | 'button' | 'estimate'; selector: string; seq: string };

/** Runs in the page: what to click next. Prefers taking a game, so deals are not thrown in again and again. */
function choose(root: string): Choice {
  const main = document.querySelector(root || 'main.table-screen');
  const seq = main?.getAttribute('data-seq') ?? '';
  if (main?.getAttribute('data-status') !== 'open') return { kind: 'wait', seq };
  const under = (sel: string) => (root ? `${root} ${sel}` : sel);
  const scope = root ? main : document;
  if (scope.querySelector('form.number-action button[type=submit]'))
    return { kind: 'estimate', selector: under('form.number-action button[type=submit]'), seq };
  const card = scope.querySelector<HTMLElement>('.hand button.card[data-legal=true]');
  if (card)
    return { kind: 'card', selector: under(`.hand button.card[data-card=${card.dataset.card}]`), seq };
  const tags = [...scope.querySelectorAll<HTMLElement>('.actions button.action')].map(
    (b) => b.dataset.tag ?? '',
  );
  const order = [
    'orgi',
    'take',
    'trump',
    'name',
    'meld',
    'announce',
    'answer',
    'top',
    'accept',
    'refuse',
    'pass',
  ];
  let i = -1;
  for (const want of order) if (i < 0) i = tags.indexOf(want);
  if (i < 0) i = tags.findIndex((t) => t !== 'kontra' && t !== 're' && t !== '');
  if (i < 0) return { kind: 'wait', seq };
  return { kind: 'button', selector: under(`.actions button.action >> nth=${i}`), seq };
}

/** The password of every account the browser tests sign up. */
export const PASSWORD = 'geheim-genug';

/** Signs `name` up through the sign-up form at `base` (the page is signed in afterwards). */
export async function signUp(page: Page, base: string, name: string): Promise<void> {
  await page.goto(`${base}/#/signup`);
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=again]').fill(PASSWORD);
  await page.getByTestId('signup-submit').click();
  await page.getByTestId('signup-done').waitFor();
}

/** A browser context whose client speaks `lang` from its first line (the language switch's stored choice). */
export async function langContext(
  h: Harness,
  lang: 'de' | 'en',
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const ctx = await h.browser.newContext({ viewport, reducedMotion: 'reduce' });
  await ctx.addInitScript((l) => localStorage.setItem('stich.lang', l), lang);
  return ctx;
}

/** An attribute of the table screen (data-seq, data-status, data-phase, data-over, data-deals, data-seat). */
export const attr = (page: Page, name: string) => page.locator('main.table-screen').getAttribute(name);

/** How long a test waits for a page to load, a table to open or a state to arrive (a loaded machine is slow). */
export const WAIT_MS = 45_000;

/** A person stored at a table by `storeTable`: his guest token and seat token, as the client keeps them. */
export interface StoredPerson {
  readonly seat: number;
  readonly name: string;
  readonly token: string;
  readonly seatToken: string;
}

/**
 * Stores a running table of `game` at `steps`, with a person (a new guest) at each seat of `people`
 * and computer players of `level` at the others, opened at `createdAt`; returns the table's id and the people.
 */
export async function storeTable(
  game: GameId,
  config: { players: number; preset?: string; options?: Record<string, unknown> },
  dealer: number,
  steps: readonly StoredStep[],
  people: readonly { seat: number; name: string }[],
  level: 'random' | 'rule' = 'random',
  createdAt = new Date().toISOString(),
): Promise<{ table: string; people: StoredPerson[] }> {
  const store = context().store;
  const stored: (StoredPerson & { playerId: string })[] = [];
  for (const { seat, name } of people) {
    const { player, token } = await store.createGuest(name);
    stored.push({ seat, name, token, seatToken: secret(24), playerId: player.id });
  }
  const seated = new Set(people.map((p) => p.seat));
  const table = secret(9);
  await store.createTable(
    {
      id: table,
      game,
      config,
      setup: Array.from({ length: config.players }, (_, s) =>
        seated.has(s) ? { kind: 'human' as const } : { kind: 'bot' as const, level },
      ),
      visibility: 'public',
      invite: null,
      // Parked while its steps are written: the server's ownership round takes over unowned playing tables
      // with a person seated, and loading this one before its steps were in gave a table at its start.
      status: 'parked',
      dealer,
      turnTimer: null,
      createdBy: stored[0].playerId,
      createdAt,
    },
    stored.map((p) => ({ seat: p.seat, playerId: p.playerId, name: p.name, tokenHash: hash(p.seatToken) })),
  );
  await store.append(table, steps);
  await store.setStatus(table, 'playing');
  return { table, people: stored };
}

/** Opens `table` in `page` as `person` (guest and seat token in localStorage before the client's first line runs). */
export async function openAs(h: Harness, page: Page, table: string, person: StoredPerson): Promise<void> {
  await page.goto('about:blank');
  await page.addInitScript(
    ([t, tbl, st, n]) => {
      localStorage.setItem('stich.token', t);
      localStorage.setItem('stich.name', n);
      localStorage.setItem(`stich.seat.${tbl}`, st);
    },
    [person.token, table, person.seatToken, person.name],
  );
  await page.goto(`${h.base}/#/t/${table}`);
}

/**
 * `openAs`, then waits until the table is at the stored `step` or past it (where a computer player is to
 * act it may move before the page has drawn the stored state, so only "not before" is certain); a table
 * that does not get there fails the test with the page's URL and text.
 */
export async function openAtStep(
  h: Harness,
  page: Page,
  table: string,
  person: StoredPerson,
  step: number,
): Promise<void> {
  await openAs(h, page, table, person);
  const late = await page
    .waitForFunction(
      (n) => Number(document.querySelector('main.table-screen')?.getAttribute('data-seq') ?? -1) >= n,
      step,
      { timeout: WAIT_MS },
    )
    .then(
      () => '',
      async () => `not at step ${step}: ${page.url()} ${await page.locator('body').innerText()}`,
    );
  expect(late).toBe('');
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: the serious and critical violations, as "rule: target" lines. */
export async function axe(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(o: unknown): Promise<{
          violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
        }>;
      };
    };
    const r = await w.axe.run({ resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

export type View = Record<string, unknown> & { toAct: readonly number[]; phase: string };

export interface Found {
  readonly steps: StoredStep[];
  readonly view: View;
  readonly legal: readonly Action[];
}

/**
 * Seeded random play of `game` from dealer 0 until `stop` holds for seat 0's view and legal actions while
 * seat 0 is to act; tries seeds from 1 until one gets there. The steps are what the server stores.
 */
export function playTo(
  id: GameId,
  config: { players: number; preset?: string; options?: Record<string, unknown> },
  stop: (v: View, legal: readonly Action[], g: AnyGame, s: unknown) => boolean,
  seeds = 4000,
): Found {
  const g = GAMES[id] as unknown as AnyGame;
  const cfg = unwrap(g.parseConfig(config));
  for (let seed = 1; seed <= seeds; seed++) {
    const rng = seeded(seed);
    let s = g.start(cfg, 0);
    const steps: StoredStep[] = [];
    for (let i = 0; i < 3000 && !g.isOver(s); i++) {
      if (g.awaitsDeal(s)) {
        const deal = g.randomDeal(s, rng);
        s = unwrap(g.applyDeal(s, deal));
        steps.push({ seq: steps.length, kind: 'deal', seat: null, data: deal });
        continue;
      }
      if (g.toAct(s)[0] === 0) {
        const view = g.viewFor(s, 0) as unknown as View;
        const legal = g.legalActions(s, 0);
        if (stop(view, legal, g, s)) return { steps, view, legal };
      }
      const { seat, action } = randomStep(g, s, rng, 0);
      s = unwrap(g.apply(s, seat, action));
      steps.push({ seq: steps.length, kind: 'action', seat, data: action });
    }
  }
  throw new Error(`no seed up to ${seeds} reaches the situation`);
}
