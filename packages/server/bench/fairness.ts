/**
 * Bot-worker fairness (`node packages/server/bench/fairness.ts [--tables 20] [--hinters 0] [--seconds 30]`,
 * not part of `npm test`): one owner's `--tables` tables of four `search` bots (each watched by one
 * spectator, so they play), plus `--hinters` people at tables of their own asking 20 hints at a time,
 * against a control table of another owner: one person and three `search` bots. Reports the control
 * table's bot round time (from the person's action to his next turn), p50 and p90, with BOT_WORKERS=1
 * and BOT_DELAY_MS=0. In-process server on a temporary SQLite file, loopback only, bounded in time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, type Room } from '@colyseus/sdk';
import { CHANNEL, type ServerMessage } from '@stich/protocol';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '20' },
    hinters: { type: 'string', default: '0' },
    seconds: { type: 'string', default: '30' },
  },
});
const TABLES = Math.min(200, Number(values.tables));
const HINTERS = Math.min(20, Number(values.hinters));
const SECONDS = Math.min(110, Number(values.seconds));

const dir = mkdtempSync(join(tmpdir(), 'stich-fair-'));
const server = await startServer(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SQLITE_FILE: join(dir, 'fair.sqlite'),
    BOT_DELAY_MS: '0',
    BOT_WORKERS: '1',
    WEB_DIR: '/nonexistent',
    ANALYZE_DEALS: 'off',
    TABLES_PER_HOUR: '100000',
    OPEN_TABLES: '100000',
    GUESTS_PER_HOUR: '100000',
    CONNECTIONS_PER_ADDRESS: '100000',
    JOINS_PER_ADDRESS: '100000',
  }),
);
const url = server.url;
const post = async (path: string, body: unknown, token?: string) => {
  const r = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as { token: string; table: { id: string } } };
};
const guest = async (name: string) => (await post('/api/guests', { name })).body.token;
const table = async (token: string, seats: unknown[]) =>
  (
    await post(
      '/api/tables',
      {
        game: 'differenzler',
        players: 4,
        options: { rounds: 100 },
        seats,
        ...(seats.length > 0 && (seats[0] as { kind: string }).kind === 'human' ? { seat: 0 } : {}),
      },
      token,
    )
  ).body.table.id;
const search = { kind: 'bot', level: 'search' };
const rooms: Room[] = [];
const enter = async (id: string, options: unknown) => {
  const room = await new Client(url).joinById(id, options as Record<string, unknown>);
  rooms.push(room);
  return room;
};
/** Plays seat 0 with its first legal action; calls `turn` at each of its turns. */
const play = (room: Room, turn: (seq: number) => void = () => {}) => {
  room.onMessage(CHANNEL, (m: ServerMessage) => {
    if (m.t === 'state' && m.d.legal.length > 0 && m.d.view.toAct[0] === 0) {
      turn(m.d.seq);
      room.send(CHANNEL, { t: 'act', d: { action: m.d.legal[0], seq: m.d.seq }, id: m.d.seq });
    }
  });
};

const many = await guest('Many');
for (let i = 0; i < TABLES; i++) {
  const id = await table(many, [search, search, search, search]);
  await enter(id, { token: many, spectate: true });
}
let hintsAsked = 0;
let stop = false;
const hinting: Promise<void>[] = [];
for (let i = 0; i < HINTERS; i++) {
  const token = await guest(`Hint${i}`);
  const id = await table(token, [{ kind: 'human' }, search, search, search]);
  const room = await enter(id, { token });
  // Never acts: asks 20 hints at a time for the same decision, again and again.
  room.onMessage(CHANNEL, () => {});
  hinting.push(
    (async () => {
      while (!stop) {
        await Promise.all(
          Array.from({ length: 20 }, () =>
            post(`/api/tables/${id}/hint`, {}, token).then(() => hintsAsked++),
          ),
        );
      }
    })(),
  );
}
const me = await guest('Control');
const control = await table(me, [{ kind: 'human' }, search, search, search]);
const room = await enter(control, { token: me });
const rounds: number[] = [];
let sent = 0;
play(room, () => {
  if (sent > 0) rounds.push(performance.now() - sent);
  sent = performance.now();
});
await new Promise((r) => setTimeout(r, SECONDS * 1000));
stop = true;
await Promise.all(hinting);
const sorted = rounds.slice(1).sort((a, b) => a - b);
const q = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN);
console.log(
  JSON.stringify({
    tables: TABLES,
    hinters: HINTERS,
    hintsAsked,
    turns: sorted.length,
    p50ms: q(0.5),
    p90ms: q(0.9),
  }),
);
for (const r of rooms) await r.leave(true).catch(() => {});
await server.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
