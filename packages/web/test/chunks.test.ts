/**
 * The client's chunks (issue 24): the lobby's first script within 120 KB gzipped, the other screens fetched
 * when first shown, and the engine in one chunk that the fair-deal check and the replay share. The build is
 * inspected by module (vite's own output, not written to disk); a browser then checks what a lobby visit
 * fetches from the server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { OutputChunk } from 'rolldown';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, harness, webRoot } from './harness.ts';

const BUDGET = 120_000;
/** Modules of the engine's games and kernel; `levels.ts` (three names of bot levels) is the lobby's own. */
const isEngine = (id: string) => /packages[\\/]engine[\\/]src[\\/]/.test(id) && !/[\\/]levels\.ts$/.test(id);
const gz = (code: string) => gzipSync(code, { level: 9 }).length;

describe('chunks of the build', () => {
  let chunks: OutputChunk[] = [];
  const byFile = (f: string) => chunks.find((c) => c.fileName === f)!;
  /** A chunk and everything it imports statically, as the browser must have it before running it. */
  const closure = (c: OutputChunk, seen = new Set<string>()): Set<string> => {
    if (seen.has(c.fileName)) return seen;
    seen.add(c.fileName);
    for (const i of c.imports) closure(byFile(i), seen);
    return seen;
  };
  const owning = (pattern: RegExp) =>
    chunks.filter((c) => Object.keys(c.modules).some((id) => pattern.test(id)));

  beforeAll(async () => {
    const { build } = await import('vite');
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const out = await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'silent',
      mode: 'production',
      build: { write: false },
    });
    process.env.NODE_ENV = nodeEnv;
    const res = Array.isArray(out) ? out[0] : out;
    chunks = (res as { output: (OutputChunk | { type: 'asset' })[] }).output.filter(
      (o): o is OutputChunk => o.type === 'chunk',
    );
  }, 120_000);

  it('gives the lobby a first script within 120 KB gzipped, without any other screen or the engine', () => {
    const entry = chunks.find((c) => c.isEntry)!;
    const initial = [...closure(entry)].map(byFile);
    const size = initial.reduce((n, c) => n + gz(c.code), 0);
    const table = [...chunks].map(
      (c) =>
        `${c.fileName} ${(c.code.length / 1000).toFixed(1)} KB, ${(gz(c.code) / 1000).toFixed(1)} KB gzip`,
    );
    console.log(
      `chunks:\n  ${table.join('\n  ')}\nlobby's first script: ${(size / 1000).toFixed(1)} KB gzip`,
    );
    expect(size).toBeLessThanOrEqual(BUDGET);
    const ids = initial.flatMap((c) => Object.keys(c.modules));
    for (const screen of ['TableScreen', 'Table', 'Replay', 'Analysis', 'Fair', 'Around'])
      expect(ids.filter((id) => id.endsWith(`/src/${screen}.tsx`))).toEqual([]);
    expect(ids.filter(isEngine)).toEqual([]);
    expect(ids.filter((id) => /node_modules[\\/]@colyseus[\\/]/.test(id))).toEqual([]);
  });

  it('holds the engine in one chunk that the fair-deal check and the replay both import', () => {
    const engine = owning(/packages[\\/]engine[\\/]src[\\/]core[\\/]/);
    expect(engine.map((c) => c.name)).toEqual(['engine']);
    // Every engine module is in that chunk, none anywhere else.
    for (const c of chunks) if (c !== engine[0]) expect(Object.keys(c.modules).filter(isEngine)).toEqual([]);
    const fair = owning(/packages[\\/]protocol[\\/]src[\\/]fair\.ts$/);
    const replay = owning(/packages[\\/]protocol[\\/]src[\\/]replay\.ts$/);
    expect(fair).toHaveLength(1);
    expect(replay).toHaveLength(1);
    expect(fair[0].imports).toContain(engine[0].fileName);
    expect(replay[0].imports).toContain(engine[0].fileName);
  });
});

describe.skipIf(!chromiumPath)('a lobby visit', () => {
  const h = harness();

  it('fetches the first script, then the Colyseus SDK for the live list, and nothing of a table', async () => {
    const page = await h.newPage();
    const early: string[] = [];
    const all: string[] = [];
    let shown = false;
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (!p.endsWith('.js')) return;
      all.push(p);
      if (!shown) early.push(p);
    });
    await page.goto(h.base);
    await page.getByTestId('quick').waitFor();
    shown = true;
    await page.waitForLoadState('networkidle');
    const html = readFileSync(join(h.tmp, 'dist', 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const gzSize = (p: string) => gz(readFileSync(join(h.tmp, 'dist', p), 'utf8'));
    const first = early.filter((p) => initial.includes(p));
    console.log(
      `lobby visit: ${all.join(', ')}; first script ${(first.reduce((n, p) => n + gzSize(p), 0) / 1000).toFixed(1)} KB gzip, all ${(all.reduce((n, p) => n + gzSize(p), 0) / 1000).toFixed(1)} KB gzip`,
    );
    expect(first.reduce((n, p) => n + gzSize(p), 0)).toBeLessThanOrEqual(BUDGET);
    // Beyond the first script, only the SDK (the live list of open tables) is fetched.
    expect(all.filter((p) => !initial.includes(p)).map((p) => p.replace(/-[\w-]+\.js$/, ''))).toEqual([
      '/assets/colyseus',
    ]);
    expect(h.cspViolations).toEqual([]);
    // The first press in the lobby fetches the table's screen, which then draws the dealt hand.
    await page.getByTestId('quick').click();
    await page.locator('.hand button.card').first().waitFor({ timeout: 20_000 });
    expect(all.some((p) => /\/table-/.test(p))).toBe(true);
    expect(all.some((p) => /\/engine-/.test(p))).toBe(false);
    expect(h.cspViolations).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('says it is loading while a screen’s chunk is on its way, in German and English', async () => {
    const page = await h.newPage();
    let release = () => {};
    const held = new Promise<void>((ok) => {
      release = ok;
    });
    await page.route(/\/assets\/table-[\w-]+\.js$/, async (r) => {
      await held;
      await r.continue();
    });
    await page.goto(`${h.base}/#/fair`);
    await expect.poll(() => page.getByTestId('screen-loading').textContent()).toBe('Wird geladen …');
    release();
    await page.getByTestId('screen-loading').waitFor({ state: 'detached' });
    const context = await h.browser.newContext();
    const en = await h.newPage(context);
    await en.addInitScript(() => localStorage.setItem('stich.lang', 'en'));
    // Held for good: the English line stays.
    await en.route(/\/assets\/table-[\w-]+\.js$/, () => {});
    await en.goto(`${h.base}/#/fair`);
    await expect.poll(() => en.getByTestId('screen-loading').textContent()).toBe('Loading …');
    await context.close();
    await page.context().close();
  }, 60_000);
});
