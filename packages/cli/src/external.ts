/**
 * The door for outside bots (docs/bot-interface.md): a program that reads one JSON message per line on
 * standard input and answers each `act` request with one line on standard output. `Program` runs it
 * and keeps the exchange safe: an answer that is not JSON, has the wrong shape, names an action that
 * was not offered, comes too late or never (the program hangs or died) loses that decision to a random
 * legal action; the program is told why (an `error` line), the fault is counted, nothing crashes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { OutsidePlayer } from '@stich/bots/arena';
import type { Action, BaseView, GameId, Seat } from '@stich/engine';
import { seeded } from '@stich/engine';

/** Version of the bot interface, sent in `hello`. */
const BOT_INTERFACE = 1;
/** Default time a program has for one decision. */
export const DEFAULT_TIMEOUT_MS = 5000;
/** A program that lets this many decisions in a row time out is stopped (the rest are fallbacks). */
const MAX_TIMEOUTS_IN_A_ROW = 3;
/** How long a program may take to exit after `bye` before it is killed. */
const EXIT_GRACE_MS = 2000;
/** The longest answer line read; a longer one is a `too-large` fault. */
const MAX_LINE = 64 * 1024;

type FaultCode = 'bad-json' | 'malformed' | 'illegal-action' | 'stale' | 'timeout' | 'exited' | 'too-large';

interface Fault {
  readonly code: FaultCode;
  readonly reason: string;
  /** The request it concerns, when there was one. */
  readonly id: number | null;
}

export interface ProgramReport {
  readonly name: string;
  readonly command: string;
  /** Decisions asked of the program. */
  readonly decisions: number;
  /** Decisions played by the fallback (random legal action). */
  readonly fallbacks: number;
  readonly faults: Readonly<Partial<Record<FaultCode, number>>>;
  /** The first faults in detail. */
  readonly firstFaults: readonly Fault[];
  /** The program's exit code or signal once it has ended, else null. */
  readonly exit: string | null;
}

/** What the program is told in `hello`. */
interface Hello {
  readonly game: GameId;
  readonly players: number;
  /** The game's setup input (as `parseConfig` takes it). */
  readonly config: unknown;
  /** The seat it plays for the whole session (a server table), or null when `deal` names the seats. */
  readonly seat: Seat | null;
  /** Anything else worth knowing (e.g. the table id); passed through. */
  readonly meta?: Record<string, unknown>;
}

export interface ProgramOptions {
  /** A shell command line, run with `/bin/sh -c` in the current directory. */
  readonly command: string;
  readonly name?: string;
  readonly timeoutMs?: number;
  /** Seed of the fallback choices (deterministic for a seed). */
  readonly seed?: string;
  /** Where the program's standard error goes, line by line (default: this process's stderr, prefixed with the name). */
  readonly stderr?: (line: string) => void;
}

interface Pending {
  readonly id: number;
  readonly legal: readonly Action[];
  readonly resolve: (a: Action) => void;
  readonly timer: NodeJS.Timeout;
}

const FIRST_FAULTS = 20;

/** Programs still running: killed when this process exits, so none outlives the arena or bridge. */
const running = new Set<Program>();
let reaper = false;

/** A running program behind the bot interface. */
export class Program {
  readonly name: string;
  readonly command: string;
  readonly timeoutMs: number;
  private readonly child: ChildProcess;
  private readonly rng: ReturnType<typeof seeded>;
  private pending: Pending | undefined;
  private nextId = 1;
  private decisions = 0;
  private fallbacks = 0;
  private timeoutsInARow = 0;
  private readonly faults: Partial<Record<FaultCode, number>> = {};
  private readonly firstFaults: Fault[] = [];
  private exit: string | null = null;
  private readonly exited: Promise<void>;

  constructor(opts: ProgramOptions) {
    this.command = opts.command;
    this.name = opts.name ?? opts.command;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.rng = seeded(`${opts.seed ?? '1'}/fallback/${this.name}`);
    // Its own process group, so that stopping it also stops whatever it started.
    this.child = spawn('/bin/sh', ['-c', opts.command], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    running.add(this);
    if (!reaper) {
      reaper = true;
      process.on('exit', () => {
        for (const p of running) p.kill();
      });
    }
    this.exited = new Promise((resolve) => {
      this.child.on('close', (code, signal) => {
        running.delete(this);
        this.exit = signal ?? String(code);
        this.gone(`the program ended (${signal ? `signal ${signal}` : `exit code ${code}`})`);
        resolve();
      });
      this.child.on('error', (e) => {
        running.delete(this);
        this.exit = this.exit ?? 'error';
        this.gone(`the program could not run: ${e.message}`);
        resolve();
      });
    });
    // A program that stopped reading must not crash us with EPIPE.
    this.child.stdin?.on('error', () => {});
    const errLine = opts.stderr ?? ((line: string) => process.stderr.write(`[${this.name}] ${line}\n`));
    if (this.child.stderr) createInterface({ input: this.child.stderr }).on('line', errLine);
    if (this.child.stdout)
      createInterface({ input: this.child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (l) =>
        this.answer(l),
      );
  }

  get alive(): boolean {
    return this.exit === null;
  }

  /** Sends one message line `{ t, d }` (ignored once the program is gone). */
  send(t: string, d: unknown): void {
    if (!this.alive || !this.child.stdin?.writable) return;
    this.child.stdin.write(`${JSON.stringify({ t, d })}\n`);
  }

  hello(h: Hello): void {
    this.send('hello', { protocol: BOT_INTERFACE, ...h, timeoutMs: this.timeoutMs });
  }

  /**
   * Asks for a decision; always resolves to one of `legal`: the program's answer, or the fallback
   * (random legal action) when the answer is faulty, late or missing.
   */
  act(seat: Seat, view: BaseView, legal: readonly Action[]): Promise<Action> {
    if (this.pending) throw new Error(`${this.name}: a decision is still pending`);
    this.decisions++;
    const id = this.nextId++;
    if (!this.alive) {
      this.count({ code: 'exited', reason: 'the program has ended', id });
      return Promise.resolve(this.fallback(legal));
    }
    return new Promise<Action>((resolve) => {
      const timer = setTimeout(() => this.timeout(), this.timeoutMs);
      this.pending = { id, legal, resolve, timer };
      this.send('act', { id, seat, view, legal });
    });
  }

  /** Stops the program: `bye`, its standard input closed, killed if still running after a grace period. */
  async close(): Promise<ProgramReport> {
    this.send('bye', {});
    this.child.stdin?.end();
    if (this.alive) {
      const t = setTimeout(() => this.kill(), EXIT_GRACE_MS);
      await this.exited;
      clearTimeout(t);
    }
    return this.report();
  }

  report(): ProgramReport {
    return {
      name: this.name,
      command: this.command,
      decisions: this.decisions,
      fallbacks: this.fallbacks,
      faults: { ...this.faults },
      firstFaults: [...this.firstFaults],
      exit: this.exit,
    };
  }

  /** One line from the program. */
  private answer(line: string): void {
    if (line.trim() === '') return;
    const p = this.pending;
    const r = readAnswer(line, p);
    if ('action' in r) {
      this.timeoutsInARow = 0;
      if (p) this.resolve(p, r.action);
    } else if (p && (r.id === null || r.id === p.id)) this.settle(p, r);
    else {
      this.count(r);
      this.send('error', r);
    }
  }

  private timeout(): void {
    const p = this.pending;
    if (!p) return;
    this.settle(p, { code: 'timeout', reason: `no answer within ${this.timeoutMs} ms`, id: p.id });
    if (++this.timeoutsInARow >= MAX_TIMEOUTS_IN_A_ROW) {
      this.send('error', {
        code: 'timeout',
        reason: `${MAX_TIMEOUTS_IN_A_ROW} decisions in a row timed out: the program is stopped`,
        id: null,
      });
      this.kill();
    }
  }

  /** The pending decision goes to the fallback; the program hears why and what was played. */
  private settle(p: Pending, f: Fault): void {
    this.count(f);
    const action = this.fallback(p.legal);
    this.send('error', { ...f, played: action });
    this.resolve(p, action);
  }

  private resolve(p: Pending, action: Action): void {
    clearTimeout(p.timer);
    this.pending = undefined;
    p.resolve(action);
  }

  private fallback(legal: readonly Action[]): Action {
    this.fallbacks++;
    return legal[this.rng.int(legal.length)];
  }

  private count(f: Fault): void {
    this.faults[f.code] = (this.faults[f.code] ?? 0) + 1;
    if (this.firstFaults.length < FIRST_FAULTS) this.firstFaults.push(f);
  }

  /** The program is gone: a pending decision goes to the fallback. */
  private gone(reason: string): void {
    const p = this.pending;
    if (p) {
      this.count({ code: 'exited', reason, id: p.id });
      this.resolve(p, this.fallback(p.legal));
    }
  }

  kill(): void {
    const pid = this.child.pid;
    if (pid === undefined || !this.alive) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}

/** The action an answer line names for the pending decision, or the fault. */
function readAnswer(
  line: string,
  p: { readonly id: number; readonly legal: readonly Action[] } | undefined,
): { action: Action } | Fault {
  if (line.length > MAX_LINE)
    return { code: 'too-large', reason: `an answer line may hold ${MAX_LINE} characters`, id: null };
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    return { code: 'bad-json', reason: 'the line is not JSON', id: null };
  }
  const m = msg as { t?: unknown; d?: { id?: unknown; action?: unknown; index?: unknown } } | null;
  const d = m?.d;
  const id = typeof d?.id === 'number' ? d.id : null;
  if (typeof m !== 'object' || m === null || m.t !== 'act' || typeof d !== 'object' || d === null)
    return { code: 'malformed', reason: 'expected {"t":"act","d":{"id":…,"action":…}}', id };
  if (id === null) return { code: 'malformed', reason: 'd.id must be the id of the act request', id };
  if (!p || p.id !== id)
    return { code: 'stale', reason: `no decision ${id} is pending (too late, or twice)`, id };
  if (d.action === undefined && typeof d.index !== 'number')
    return { code: 'malformed', reason: 'd.action (one of legal) or d.index (its position) is missing', id };
  const action = typeof d.index === 'number' ? p.legal[d.index] : p.legal.find((a) => sameJson(a, d.action));
  if (action === undefined)
    return { code: 'illegal-action', reason: 'the action is not one of the legal actions offered', id };
  return { action };
}

/** Equal as JSON values (key order ignored): actions are plain JSON objects. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * An arena side played by a program: `deal` tells it the seats it holds in each fresh deal (or match),
 * `result` each finished deal's result.
 */
export function programPlayer(program: Program): OutsidePlayer {
  return {
    name: program.name,
    act: (seat, view, legal) => program.act(seat, view, legal),
    start: (seats) => program.send('deal', { seats }),
    end: (result) => program.send('result', result),
  };
}

export const CMD_PREFIX = 'cmd:';

/**
 * Splits a `--bots` list: levels and `cmd:COMMAND` entries separated by commas; a command may hold
 * commas itself, an entry ends only where the next level or `cmd:` begins.
 */
export function splitSides(text: string, levels: readonly string[]): string[] {
  const next = new RegExp(`,(?=\\s*(?:${CMD_PREFIX}|(?:${levels.join('|')})\\s*(?:,|$)))`);
  return text.split(next).map((s) => s.trim());
}
