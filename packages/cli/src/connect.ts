/**
 * `stich connect`: an outside program (docs/bot-interface.md) plays a seat at a server table. It joins
 * with the bot token (the seat token from `POST /api/tables/:id/bot-seat`) and bridges the wire
 * protocol (docs/protocol.md) to the program: `hello` with the seat, an `act` whenever the seat is to
 * act, the answer sent as the wire `act` with the state's `seq`, `bye` when the match is over.
 */
import { Client, type Room } from '@colyseus/sdk';
import type { Seat } from '@stich/engine';
import { CHANNEL, type ServerMessage, type TableInfo } from '@stich/protocol';
import type { Command } from './commands.ts';
import { DEFAULT_TIMEOUT_MS, Program, type ProgramOptions, type ProgramReport } from './external.ts';
import { intOption, parseOptions, printJson } from './io.ts';

type State = Extract<ServerMessage, { t: 'state' }>['d'];

interface ConnectOptions {
  /** The server's address, e.g. http://localhost:3000. */
  readonly server: string;
  readonly table: string;
  /** The bot token (a seat token). */
  readonly token: string;
  readonly program: ProgramOptions;
}

interface ConnectReport {
  readonly table: string;
  readonly seat: Seat | null;
  /** The match's outcome once it is over; null when the connection ended before. */
  readonly outcome: unknown;
  /** Refusals by the server of the actions sent (other than for sending too fast). */
  readonly refused: number;
  /** Actions the server refused as too fast (RATE_LIMIT) and that were sent again. */
  readonly retried: number;
  readonly program: ProgramReport;
}

/** How long to wait before sending an action the server refused as too fast again. */
const RETRY_MS = 1000;

/** Plays the seat until the match is over (or the connection closes); resolves with the report. */
export async function connect(opts: ConnectOptions): Promise<ConnectReport> {
  const room: Room = await new Client(opts.server).joinById(opts.table, { seatToken: opts.token });
  const program = new Program(opts.program);
  let seat: Seat | null = null;
  let latest: State | undefined;
  let asking = false;
  let asked = -1;
  let nextId = 1;
  let refused = 0;
  let retried = 0;
  // Our actions by request id, with the state's seq each answered.
  const mine = new Map<number, { seq: number; action: unknown }>();
  return new Promise<ConnectReport>((resolve) => {
    let done = false;
    const finish = async (outcome: unknown) => {
      if (done) return;
      done = true;
      const report = await program.close();
      await room.leave(true).catch(() => {});
      resolve({ table: opts.table, seat, outcome, refused, retried, program: report });
    };
    // Asks the program about the newest state when the seat is to act there (one question at a time).
    const ask = async () => {
      const s = latest;
      if (asking || !s || seat === null || s.outcome || s.seq === asked) return;
      if (s.legal.length === 0 || s.view.toAct[0] !== seat) return;
      asking = true;
      asked = s.seq;
      const action = await program.act(seat, s.view, s.legal);
      asking = false;
      if (done) return;
      // A newer state meanwhile: the server refuses the old `seq` (stale) and the newer state is asked next.
      send(action, s.seq);
      void ask();
    };
    const send = (action: unknown, seq: number) => {
      const id = nextId++;
      mine.set(id, { seq, action });
      room.send(CHANNEL, { t: 'act', d: { action, seq }, id });
    };
    room.onMessage(CHANNEL, (raw: ServerMessage | string) => {
      const m: ServerMessage = typeof raw === 'string' ? JSON.parse(raw) : raw;
      if (m.t === 'welcome') {
        seat = m.d.seat;
        const t: TableInfo = m.d.table;
        program.hello({
          game: t.game,
          players: t.players,
          config: { players: t.players, ...(t.preset ? { preset: t.preset } : {}), options: t.options },
          seat,
          meta: { table: t.id, server: opts.server },
        });
      } else if (m.t === 'state') {
        latest = m.d;
        if (m.d.outcome) void finish(m.d.outcome);
        else void ask();
      } else if (m.t === 'error' && typeof m.id === 'number' && mine.has(m.id)) {
        // Too fast for the server's per-second limit (RATE_LIMIT): the action was not taken, and no new
        // state would come (the seat would hang); the same action is sent again a moment later.
        if (m.d.code === 'rate-limited') {
          const sent = mine.get(m.id);
          mine.delete(m.id);
          retried++;
          setTimeout(() => {
            if (!done && sent && latest?.seq === sent.seq) send(sent.action, sent.seq);
          }, RETRY_MS);
          return;
        }
        refused++;
        program.send('error', { code: m.d.code, reason: m.d.reason, id: null });
      }
    });
    room.onLeave(() => void finish(latest?.outcome ?? null));
  });
}

export const connectCommand: Command = {
  summary:
    'connect --server URL --table ID --token T --bot COMMAND [--timeout MS] — an outside program plays a seat at a server table with a bot token',
  async run(args, out) {
    const opts = parseOptions(args, ['server', 'table', 'token', 'bot', 'timeout']);
    if (!opts.ok) {
      printJson(out, { error: { code: 'usage', reason: opts.reason } });
      return 2;
    }
    const { server, table, token, bot } = opts.options;
    const timeoutMs = intOption(opts.options, 'timeout', DEFAULT_TIMEOUT_MS, 1);
    const problem = [server, table, token, bot].some((x) => !x)
      ? '--server, --table, --token and --bot are required'
      : undefined;
    if (problem || typeof timeoutMs === 'string' || !server || !table || !token || !bot) {
      printJson(out, { error: { code: 'usage', reason: problem ?? timeoutMs } });
      return 2;
    }
    try {
      printJson(out, await connect({ server, table, token, program: { command: bot, timeoutMs } }));
      return 0;
    } catch (e) {
      // A refused join (unknown token, no such table) comes as an error whose message starts with its code.
      printJson(out, { error: { code: 'join', reason: (e as Error).message } });
      return 1;
    }
  },
};
