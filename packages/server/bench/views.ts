/**
 * What a table's updates cost per action before they reach a socket: for every state of seeded random
 * matches, the views and legal actions of every seat and one spectator, encoded as the server encodes them
 * (`wire.ts` `stringify` with one table's text cache). CPU time of this process, so other load counts less.
 *
 *   node packages/server/bench/views.ts [--game differenzler] [--players 4] [--matches 40] [--seed views]
 */
import { parseArgs } from 'node:util';
import { gameById, randomStep, SPECTATOR, seeded, unwrap, type Viewer } from '@stich/engine';
import { stringify, type Texts } from '../src/wire.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'differenzler' },
    players: { type: 'string', default: '4' },
    matches: { type: 'string', default: '40' },
    seed: { type: 'string', default: 'views' },
  },
});
const found = gameById(values.game!);
if (!found) throw new Error(`unknown game ${values.game}`);
const game = found;
const config = unwrap(game.parseConfig({ players: Number(values.players) }));

/** The states of one seeded random match, made before the clock starts. */
function statesOf(seed: string): unknown[] {
  const rng = seeded(seed);
  let s: unknown = game.start(config, rng.int(game.seats(game.start(config, 0))));
  const out: unknown[] = [];
  while (!game.isOver(s)) {
    if (game.awaitsDeal(s)) s = unwrap(game.applyDeal(s, unwrap(game.parseDeal(s, game.randomDeal(s, rng)))));
    else {
      const { seat, action } = randomStep(game, s, rng);
      s = unwrap(game.apply(s, seat, action));
      out.push(s);
    }
  }
  return out;
}

const matches = Array.from({ length: Number(values.matches) }, (_, i) => statesOf(`${values.seed}/${i}`));
const seats = game.seats(matches[0][0]);
const viewers: Viewer[] = [...Array.from({ length: seats }, (_, i) => i), SPECTATOR];

function run(encode: boolean): { actions: number; cpu: number; bytes: number } {
  let actions = 0;
  let bytes = 0;
  const t0 = process.cpuUsage();
  for (const states of matches) {
    const texts: Texts = new WeakMap();
    let seq = 0;
    for (const s of states) {
      seq++;
      for (const v of viewers) {
        const d = {
          seq,
          view: game.viewFor(s, v),
          legal: v === SPECTATOR ? [] : game.legalActions(s, v as number),
          outcome: null,
          deadline: null,
        };
        if (encode) bytes += stringify({ t: 'state', d }, 3, texts).length;
      }
      actions++;
    }
  }
  const t = process.cpuUsage(t0);
  return { actions, cpu: t.user + t.system, bytes };
}

run(true); // warm-up
const views = run(false);
const both = run(true);
const us = (x: { actions: number; cpu: number }) => Math.round((x.cpu / x.actions) * 100) / 100;
console.log(
  JSON.stringify({
    game: game.id,
    actions: both.actions,
    viewersPerAction: viewers.length,
    viewsUsPerAction: us(views),
    viewsAndEncodingUsPerAction: us(both),
    encodingUsPerAction: Math.round((us(both) - us(views)) * 100) / 100,
    bytesPerAction: Math.round(both.bytes / both.actions),
  }),
);
