/**
 * What a table's updates cost per action, whole states against events (src/events.ts): seeded random
 * matches played as the table's queue plays them (an action and the deals it leads to), every seat
 * watched (and `--spectators` more connections), each update as the WebSocket frame the server writes
 * (`wire.ts` `jsonFrame`). Bytes are summed over all connections; CPU is this process's time to build and
 * encode one action's updates (whole: every seat's view and legal actions, `stringify` with one table's
 * text cache, the spectators' once; events: one projector step and each frame's text).
 *
 *   node packages/server/bench/events.ts [--game differenzler] [--preset P] [--players 4]
 *     [--options '{"rounds":100}'] [--matches 3] [--spectators 0] [--seed events]
 */
import { parseArgs } from 'node:util';
import { type AnyGame, gameById, randomStep, SPECTATOR, seeded, unwrap } from '@stich/engine';
import type { StateUpdate } from '@stich/protocol';
import { type Now, Projector } from '../src/events.ts';
import { jsonFrame, stringify, type Texts } from '../src/wire.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'differenzler' },
    preset: { type: 'string' },
    players: { type: 'string', default: '4' },
    options: { type: 'string' },
    matches: { type: 'string', default: '3' },
    spectators: { type: 'string', default: '0' },
    seed: { type: 'string', default: 'events' },
  },
});
const game = gameById(values.game!) as AnyGame;
if (!game) throw new Error(`unknown game ${values.game}`);
const players = Number(values.players);
const options = values.options
  ? JSON.parse(values.options)
  : values.game === 'differenzler'
    ? { rounds: 100 }
    : {};
const config = unwrap(
  game.parseConfig({ players, options, ...(values.preset ? { preset: values.preset } : {}) }),
);
const spectators = Number(values.spectators);

/** The states after each action of one seeded random match (with the deals it leads to), made before the clock starts. */
function statesOf(seed: string): unknown[] {
  const rng = seeded(seed);
  let s: unknown = game.start(config, rng.int(players));
  const deal = () => {
    while (!game.isOver(s) && game.awaitsDeal(s))
      s = unwrap(game.applyDeal(s, unwrap(game.parseDeal(s, game.randomDeal(s, rng)))));
  };
  deal();
  const out: unknown[] = [s];
  while (!game.isOver(s)) {
    const { seat, action } = randomStep(game, s, rng);
    s = unwrap(game.apply(s, seat, action));
    deal();
    out.push(s);
  }
  return out;
}

const seats = Array.from({ length: players }, (_, i) => i);
let actions = 0;
const bytes = { whole: 0, events: 0, snapshot: 0 };
const cpu = { whole: 0, events: 0 };
const usage = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
for (let m = 0; m < Number(values.matches); m++) {
  const states = statesOf(`${values.seed}-${m}`);
  const n = states.length;
  // Whole states: each seat's update, the spectators' one update.
  const texts: Texts = new WeakMap();
  let t0 = usage();
  for (let k = 1; k < n; k++) {
    const gs = states[k];
    const over = game.isOver(gs);
    for (const seat of seats) {
      const d: StateUpdate = {
        seq: k,
        view: game.viewFor(gs, seat),
        legal: over ? [] : game.legalActions(gs, seat),
        outcome: over ? game.outcome(gs) : null,
        deadline: null,
      };
      bytes.whole += jsonFrame(stringify({ t: 'state', d }, 3, texts)).bytes.length;
    }
    if (spectators > 0) {
      const d = {
        seq: k,
        view: game.viewFor(gs, SPECTATOR),
        legal: [],
        outcome: over ? game.outcome(gs) : null,
        deadline: null,
      };
      bytes.whole += spectators * jsonFrame(stringify({ t: 'state', d }, 3, texts)).bytes.length;
    }
  }
  cpu.whole += usage() - t0;
  // Events: one step per action for every watched seat; seats whose own part did not change and the
  // spectators share one frame.
  const projector = new Projector();
  const now = (k: number): Now => {
    const over = game.isOver(states[k]);
    return { game, gs: states[k], seq: k, playing: !over, over, deadline: null };
  };
  for (const seat of seats) projector.snapshot(now(0), seat);
  bytes.snapshot += jsonFrame(JSON.stringify({ t: 'snap', d: projector.snapshot(now(0), 0) })).bytes.length;
  const watched = new Set(seats);
  t0 = usage();
  for (let k = 1; k < n; k++) {
    const step = projector.step(now(k), watched)!;
    const common = jsonFrame(`{"t":"ev","d":{${step.sharedText}}}`).bytes.length;
    for (const seat of seats) {
      const own = step.own.get(seat);
      bytes.events +=
        own === undefined ? common : jsonFrame(`{"t":"ev","d":{${step.sharedText}${own.text}}}`).bytes.length;
    }
    bytes.events += spectators * common;
  }
  cpu.events += usage() - t0;
  actions += n - 1;
}
const per = (x: number) => Math.round(x / actions);
console.log(
  JSON.stringify(
    {
      game: values.game,
      preset: values.preset ?? null,
      players,
      options,
      spectators,
      matches: Number(values.matches),
      actions,
      bytesPerAction: { whole: per(bytes.whole), events: per(bytes.events) },
      snapshotBytes: Math.round(bytes.snapshot / Number(values.matches)),
      cpuPerActionUs: {
        whole: Number((cpu.whole / actions).toFixed(1)),
        events: Number((cpu.events / actions).toFixed(1)),
      },
    },
    null,
    2,
  ),
);
