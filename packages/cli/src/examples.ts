/**
 * `stich examples doppelkopf [--out DIR]`: writes examples/doppelkopf/, one record per special rule, by a
 * seeded search: for each feature, deals (random, or with some hands fixed) and play (random legal cards,
 * the feature's reservations and announcements) from the seeds `<feature>:<try>`, tried in order until the
 * finished match shows the feature. The same engine gives the same files; every record replays with
 * `npx stich replay FILE` (packages/cli/test/examples.test.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AnyGame,
  type Card,
  gameById,
  newRecord,
  type RecordStep,
  type Rng,
  seeded,
} from '@stich/engine';
import type { Command } from './commands.ts';
import { type Action, type DealSeen, FEATURES, type Feature, has } from './examples-features.ts';
import { parseOptions, printJson } from './io.ts';

export { type DealSeen, FEATURES } from './examples-features.ts';

/** A deal with `fixed` cards in place and the rest of the deck shuffled by `rng` into the other slots. */
function dealWith(game: AnyGame, state: unknown, rng: Rng, fixed: Feature['fixed']): { hands: Card[][] } {
  const random = game.randomDeal(state, rng) as { hands: Card[][] };
  if (!fixed) return random;
  const rest = random.hands.flat();
  const hands: Card[][] = random.hands.map((h, seat) => {
    const f = [...(fixed[seat] ?? [])];
    for (const c of f) rest.splice(rest.indexOf(c), 1);
    return f.concat(new Array(h.length - f.length));
  });
  let i = 0;
  for (const h of hands) for (let k = 0; k < h.length; k++) if (h[k] === undefined) h[k] = rest[i++];
  return { hands };
}

export interface Example {
  readonly record: ReturnType<typeof newRecord>;
  readonly tries: number;
}

/** Plays seeded tries of `f` until one shows it; undefined after `maxTries`. */
export function findExample(game: AnyGame, f: Feature, maxTries = 20000): Example | undefined {
  const config = { players: 4, preset: f.preset, options: f.options ?? {} };
  const parsed = game.parseConfig(config);
  if (!parsed.ok) throw new Error(`${f.name}: ${parsed.error.reason}`);
  for (let t = 0; t < maxTries; t++) {
    const seed = `${f.name}:${t}`;
    const rng = seeded(seed);
    const record = newRecord(game.id, config, 3);
    const deals = record.deals as { hands: Card[][] }[];
    const actions = record.actions as RecordStep[];
    let state = game.start(parsed.value, 3);
    let hands: Card[][] = [];
    const step = (seat: number, action: Action): void => {
      const next = game.apply(state, seat, action);
      if (!next.ok) throw new Error(`${f.name}: ${next.error.reason}`);
      state = next.value;
      actions.push({ seat, action });
    };
    for (let guard = 0; !game.isOver(state) && guard < 5000; guard++) {
      if (game.awaitsDeal(state)) {
        // Fixed cards in the first deal only: a redeal is dealt at random.
        const deal = dealWith(game, state, rng, deals.length === 0 ? f.fixed : undefined);
        const next = game.applyDeal(state, deal);
        if (!next.ok) throw new Error(`${f.name}: ${next.error.reason}`);
        state = next.value;
        hands = deal.hands;
        deals.push(deal);
        continue;
      }
      const phase = game.phase(state);
      const seats = game.toAct(state) as readonly number[];
      let acted = false;
      if (phase === 'play' && f.announce)
        for (const seat of seats) {
          const a = f.announce({ hands, seat, phase, legal: game.legalActions(state, seat) });
          if (a) {
            step(seat, a);
            acted = true;
            break;
          }
        }
      if (acted) continue;
      const seat = seats[0];
      const legal = game.legalActions(state, seat) as readonly Action[];
      const plays = legal.filter((a) => a.t === 'play');
      if (plays.length > 0) {
        step(seat, plays[rng.int(plays.length)]);
        continue;
      }
      const own = f.reserve?.({ hands, seat, phase, legal });
      // Without the feature's choice: healthy, else the first game offered, else any step of the phase
      // (an Armut card to give, ...) but an announcement.
      const steps = legal.filter((a) => a.t !== 'announce' && a.t !== 'quiet');
      const chosen =
        own && has(legal, own)
          ? own
          : (legal.find((a) => a.t === 'healthy') ??
            legal.find((a) => a.t === 'declare') ??
            steps[rng.int(Math.max(1, steps.length))]);
      if (!chosen) throw new Error(`${f.name}: no action for seat ${seat} in phase ${phase}`);
      step(seat, chosen);
    }
    if (!game.isOver(state)) continue;
    const seen = game.outcome(state).deals as DealSeen[];
    if (f.accept(seen))
      return {
        record: { ...record, meta: { shows: f.shows, generator: 'npx stich examples doppelkopf', seed } },
        tries: t + 1,
      };
  }
  return undefined;
}

/** The list of examples, written beside them. */
export function examplesReadme(): string {
  const rows = FEATURES.map((f) => `| [${f.name}.json](${f.name}.json) | \`${f.preset}\` | ${f.shows} |`);
  return `# Doppelkopf example records

One record per special rule, written by \`npx stich examples doppelkopf\` (packages/cli/src/examples.ts): a
seeded search over deals and random play until the match shows the rule, so the files are reproducible
(a test regenerates them and replays each with \`npx stich replay FILE\`). Seat 3 deals, seat 0 is the
forehand. Rules of the house preset that the engine does not have yet get their records when it does.

| record | preset | shows |
| --- | --- | --- |
${rows.join('\n')}
`;
}

const KIND_ORDER = 'CSHD';
const RANK_ORDER = '9TJQKA';
const byKind = (a: Card, b: Card): number =>
  KIND_ORDER.indexOf(a[0]) - KIND_ORDER.indexOf(b[0]) || RANK_ORDER.indexOf(a[1]) - RANK_ORDER.indexOf(b[1]);

/** A record as the examples keep it: one line per hand and per action, hands sorted for reading. */
export function formatRecord(record: Example['record']): string {
  const j = JSON.stringify;
  const deals = (record.deals as { hands: Card[][] }[]).map(
    (d) => `    { "hands": [\n${d.hands.map((h) => `      ${j([...h].sort(byKind))}`).join(',\n')}\n    ] }`,
  );
  return `{
  "format": "stich-record", "version": 1, "game": ${j(record.game)},
  "meta": ${j(record.meta)},
  "config": ${j(record.config)},
  "dealer": ${record.dealer},
  "deals": [
${deals.join(',\n')}
  ],
  "actions": [
${record.actions.map((a) => `    ${j(a)}`).join(',\n')}
  ]
}
`;
}

export const examplesCommand: Command = {
  summary: 'examples doppelkopf [--out DIR] — write one record per special rule (seeded search)',
  async run(args, out) {
    const [name, ...rest] = args;
    const opts = parseOptions(rest, ['out', 'only']);
    const game = gameById('doppelkopf');
    if (name !== 'doppelkopf' || !opts.ok || !game) {
      printJson(out, {
        error: {
          code: 'usage',
          reason: !game
            ? 'the engine has no doppelkopf yet'
            : opts.ok
              ? 'usage: stich examples doppelkopf [--out DIR] [--only NAME]'
              : opts.reason,
        },
      });
      return 2;
    }
    const dir = opts.options.out ?? join(import.meta.dirname, '..', '..', '..', 'examples', 'doppelkopf');
    await mkdir(dir, { recursive: true });
    const written: Record<string, number | null> = {};
    for (const f of FEATURES) {
      if (opts.options.only && f.name !== opts.options.only) continue;
      const found = findExample(game, f);
      written[f.name] = found?.tries ?? null;
      if (found) await writeFile(join(dir, `${f.name}.json`), formatRecord(found.record));
    }
    if (!opts.options.only) await writeFile(join(dir, 'README.md'), examplesReadme());
    printJson(out, { out: dir, tries: written });
    return Object.values(written).every((t) => t !== null) ? 0 : 1;
  },
};
