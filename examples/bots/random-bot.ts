/**
 * A minimal Stich bot in TypeScript (docs/bot-interface.md): plays a random legal action.
 * Run with Node 22.18 or newer (it runs TypeScript directly): `node examples/bots/random-bot.ts`.
 * Reads one JSON message per line on standard input and answers each `act` request with one line on
 * standard output. Logs go to standard error.
 */
import { createInterface } from 'node:readline';

interface Message {
  t: string;
  d?: { id?: number; legal?: unknown[]; game?: string; players?: number; code?: string; reason?: string };
}

// A small seeded generator (mulberry32): the same requests get the same answers.
let state = 1;
const random = (): number => {
  state = (state + 0x6d2b79f5) | 0;
  let x = Math.imul(state ^ (state >>> 15), 1 | state);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const msg = JSON.parse(line) as Message;
  const d = msg.d ?? {};
  if (msg.t === 'hello') process.stderr.write(`playing ${d.game} with ${d.players} players\n`);
  else if (msg.t === 'act' && d.legal) {
    const action = d.legal[Math.floor(random() * d.legal.length)];
    process.stdout.write(`${JSON.stringify({ t: 'act', d: { id: d.id, action } })}\n`);
  } else if (msg.t === 'error') process.stderr.write(`refused: ${d.code}: ${d.reason}\n`);
  else if (msg.t === 'bye') lines.close();
});
