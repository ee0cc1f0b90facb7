/**
 * Every decision of fixed seeded deals, as JSON lines: the guard that a change which should not move a bot
 * (a rule the bots copied replaced by the engine's own, issue 23) moves none. Each table plays whole deals
 * with every seat at one level, optional calls included, and records each action taken.
 The fixture keeps each table's count and digest (the
 * decisions themselves are 440 kB); print them all with `--full` to find where two versions part.
 * Record the fixture (on the code whose decisions are the reference):
 *   node packages/bots/test/decisions.ts > packages/bots/test/fixtures/decisions.json
 */
import { createHash } from 'node:crypto';
import type { GameId } from '@stich/engine';
import { gameById, seeded, unwrap } from '@stich/engine';
import { type BotLevel, decide, decideOptional, requestFor } from '../src/index.ts';

export interface DecisionTable {
  readonly label: string;
  readonly game: GameId;
  readonly config: object;
  readonly level: BotLevel;
  readonly deals: number;
}

/** Rule players over many deals, search players over a few (a search decision takes up to a second). */
export const DECISION_TABLES: readonly DecisionTable[] = [
  {
    label: 'dk ddv rule',
    game: 'doppelkopf',
    config: { players: 4, preset: 'ddv' },
    level: 'rule',
    deals: 40,
  },
  {
    label: 'dk house rule',
    game: 'doppelkopf',
    config: { players: 4, preset: 'house' },
    level: 'rule',
    deals: 40,
  },
  {
    label: 'dk ddv search',
    game: 'doppelkopf',
    config: { players: 4, preset: 'ddv' },
    level: 'search',
    deals: 6,
  },
  {
    label: 'dk house search',
    game: 'doppelkopf',
    config: { players: 4, preset: 'house' },
    level: 'search',
    deals: 4,
  },
  { label: 'kj4 rule', game: 'klapperjas', config: { players: 4 }, level: 'rule', deals: 40 },
  { label: 'kj3 rule', game: 'klapperjas', config: { players: 3 }, level: 'rule', deals: 40 },
  { label: 'kj2 rule', game: 'klapperjas', config: { players: 2 }, level: 'rule', deals: 40 },
  { label: 'kj4 search', game: 'klapperjas', config: { players: 4 }, level: 'search', deals: 4 },
  { label: 'kj3 search', game: 'klapperjas', config: { players: 3 }, level: 'search', deals: 4 },
  { label: 'kj2 search', game: 'klapperjas', config: { players: 2 }, level: 'search', deals: 4 },
  { label: 'kb rule', game: 'klaberjass', config: { players: 2 }, level: 'rule', deals: 40 },
  { label: 'kb search', game: 'klaberjass', config: { players: 2 }, level: 'search', deals: 4 },
  { label: 'dz rule', game: 'differenzler', config: { players: 4 }, level: 'rule', deals: 40 },
  { label: 'dz search', game: 'differenzler', config: { players: 4 }, level: 'search', deals: 4 },
];

/** The actions of `t.deals` deals (a fresh match each, dealer by deal), each as `seat:json`. */
export function decisionsOf(t: DecisionTable): string[] {
  const g = gameById(t.game)!;
  const out: string[] = [];
  for (let d = 0; d < t.deals; d++) {
    let s = g.start(unwrap(g.parseConfig(t.config)), 0);
    s = unwrap(g.applyDeal(s, g.randomDeal(s, seeded(`decisions/${t.label}/${d}`))));
    for (let i = 0; i < 2000 && g.outcome(s).deals.length === 0 && !g.awaitsDeal(s); i++) {
      const listed = g.toAct(s);
      const seed = `${t.label}/${d}/${i}`;
      let taken = false;
      for (let k = 1; k < listed.length && !taken; k++) {
        const o = listed[k];
        const a = decideOptional(requestFor(t.game, s, o, t.level, `${seed}/o${o}`));
        if (a !== null) {
          out.push(`${o}:${JSON.stringify(a)}`);
          s = unwrap(g.apply(s, o, a));
          taken = true;
        }
      }
      if (taken) continue;
      const seat = listed[0];
      const a = decide(requestFor(t.game, s, seat, t.level, seed));
      out.push(`${seat}:${JSON.stringify(a)}`);
      s = unwrap(g.apply(s, seat, a));
    }
  }
  return out;
}

export interface DecisionDigest {
  readonly decisions: number;
  readonly sha256: string;
}

export const digestOf = (xs: readonly string[]): DecisionDigest => ({
  decisions: xs.length,
  sha256: createHash('sha256').update(xs.join('\n')).digest('hex'),
});

if (import.meta.url === `file://${process.argv[1]}`) {
  const full = process.argv.includes('--full');
  const all: Record<string, DecisionDigest | string[]> = {};
  for (const t of DECISION_TABLES) {
    const t0 = Date.now();
    const xs = decisionsOf(t);
    all[t.label] = full ? xs : digestOf(xs);
    process.stderr.write(`${t.label}: ${xs.length} decisions, ${Date.now() - t0} ms\n`);
  }
  process.stdout.write(`${JSON.stringify(all, null, 1)}\n`);
}
