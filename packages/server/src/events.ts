/**
 * Events for connections that joined with `events` (packages/protocol/src/events.ts): the table's
 * projection, the public view (the spectator's) and each watched seat's own part (the view fields it sees
 * otherwise, its legal actions), kept once per table, and the patch operations from the projection sent
 * last to the next one. The public view is built once per step for every connection; a seat's view is
 * built only for seats someone watches over an event connection (a computer's seat costs nothing).
 *
 * The operations are found by comparing the old and new values (no game's rules): values the engine
 * passes on unchanged (Differenzler's `results`, a round's finished tricks) are the same objects and cost
 * one comparison; an array that grew at its end (a trick taken, a deal finished) becomes one append of
 * its new elements, so a finished deal's history goes out once. `test/events.test.ts` folds the frames of
 * whole random matches of every game and preset, every seat and the spectator, and checks each step
 * against the engine's view.
 */
import { type AnyGame, type Seat, SPECTATOR } from '@stich/engine';
import {
  type EventFrame,
  type Op,
  type Path,
  RECALL_LENGTH,
  RECALL_SIZE,
  type Snapshot,
} from '@stich/protocol';

/** What the projection is made of: the table now. */
export interface Now {
  readonly game: AnyGame;
  readonly gs: unknown;
  readonly seq: number;
  /** Legal actions are offered (the table is playing). */
  readonly playing: boolean;
  /** The match is over: the outcome is public. */
  readonly over: boolean;
  readonly deadline: number | null;
}

type Fields = Readonly<Record<string, unknown>>;

/**
 * A seat's own part: its view's fields that differ from the public view, and its legal actions, kept as
 * their JSON text (shared between tables when long: a Differenzler estimate's list is the same everywhere).
 */
interface Own {
  readonly view: Fields;
  readonly hide: readonly string[];
  readonly legal: string;
  readonly count: number;
  /** JSON texts of the long legal-action lists the seat's connection remembers (protocol `remember`). */
  recall: readonly string[];
}

interface Projection {
  readonly seq: number;
  readonly pub: Fields;
  readonly outcome: unknown;
  readonly deadline: number | null;
  readonly own: ReadonlyMap<Seat, Own>;
}

/** One step's frames: the part every connection gets, and each watched seat's own part. */
export interface Step {
  /** Nothing changed for anyone (the same step, no operation): only a request's answer needs a frame. */
  readonly empty: boolean;
  readonly shared: EventFrame;
  /** JSON text of `shared`'s fields, without braces (the start of every connection's frame). */
  readonly sharedText: string;
  /** Seats whose own part changed: their frame's extra fields and their JSON text (starting with a comma). */
  readonly own: ReadonlyMap<Seat, { readonly part: Partial<EventFrame>; readonly text: string }>;
}

const NONE: readonly string[] = [];

/** The table's projection for its event connections, and the steps from one to the next. */
export class Projector {
  private last: Projection | null = null;

  /** Forgets the projection (no event connection is left): the next one starts afresh. */
  reset(): void {
    this.last = null;
  }

  /** Whether a projection is kept (some event connection was sent one). */
  get active(): boolean {
    return this.last !== null;
  }

  /**
   * The whole table for a connection of `seat` (null: a spectator) at the projection sent last, which
   * must be the table now: the room sends the step to the table now to every event connection first
   * (`step`), so that all of them hold the same projection. Without one (no event connection so far) the
   * table now is projected. A seat not watched so far is projected now and kept from here on.
   */
  snapshot(now: Now, seat: Seat | null): Snapshot {
    let p = this.last;
    if (p === null) {
      p = project(now, []);
      this.last = p;
    }
    let own: Own | undefined;
    if (seat !== null) {
      own = p.own.get(seat);
      if (own === undefined) {
        own = ownOf(now, seat, p.pub);
        const all = new Map(p.own);
        all.set(seat, own);
        p = { ...p, own: all };
        this.last = p;
      }
      // The connection remembers this snapshot's legal actions only (a seat has one connection).
      own.recall = recalled([], own);
    }
    return {
      seq: p.seq,
      pub: p.pub,
      own: own === undefined ? null : own.view,
      ...(own !== undefined && own.hide.length > 0 ? { hide: own.hide } : {}),
      legal: own === undefined ? [] : (JSON.parse(own.legal) as unknown[]),
      outcome: p.outcome,
      deadline: p.deadline,
    };
  }

  /**
   * The step from the projection sent last to the table now, for the watched `seats` (others are dropped
   * from the projection). Null when there is no projection yet (nobody was sent a snapshot).
   */
  step(now: Now, seats: ReadonlySet<Seat>): Step | null {
    const prev = this.last;
    if (prev === null) return null;
    const lists = new Map<Seat, readonly unknown[]>();
    const next = project(now, seats, lists);
    this.last = next;
    const pub: Op[] = [];
    diff(prev.pub, next.pub, [], pub);
    const outcome = equal(prev.outcome, next.outcome) ? undefined : next.outcome;
    const deadline = prev.deadline === next.deadline ? undefined : next.deadline;
    const shared: EventFrame = {
      ...(prev.seq === next.seq - 1 ? {} : { from: prev.seq }),
      seq: next.seq,
      ...(pub.length > 0 ? { pub } : {}),
      ...(outcome !== undefined ? { outcome } : {}),
      ...(deadline !== undefined ? { deadline } : {}),
    };
    // `from` is left out when it is the step before (protocol events.ts).
    let sharedText = prev.seq === next.seq - 1 ? `"seq":${next.seq}` : `"from":${prev.seq},"seq":${next.seq}`;
    if (pub.length > 0) sharedText += `,"pub":${JSON.stringify(pub)}`;
    if (outcome !== undefined) sharedText += `,"outcome":${JSON.stringify(outcome)}`;
    if (deadline !== undefined) sharedText += `,"deadline":${JSON.stringify(deadline)}`;
    const own = new Map<Seat, { part: Partial<EventFrame>; text: string }>();
    for (const [seat, o] of next.own) {
      const before = prev.own.get(seat);
      // A seat watched only from now on got its own part in its snapshot (snapshot()): nothing to add.
      if (before === undefined) continue;
      const ops: Op[] = [];
      diff(before.view, o.view, [], ops);
      const hide = sameKeys(before.hide, o.hide) ? undefined : o.hide;
      o.recall = before.recall;
      let legal: readonly unknown[] | number | undefined;
      let legalText = '';
      if (before.legal !== o.legal) {
        const again = o.count >= RECALL_LENGTH ? o.recall.indexOf(o.legal) : -1;
        if (again >= 0) {
          legal = again;
          legalText = String(again);
        } else {
          legal = lists.get(seat);
          legalText = o.legal;
          o.recall = recalled(o.recall, o);
        }
      }
      if (ops.length === 0 && hide === undefined && legal === undefined) continue;
      let text = '';
      if (ops.length > 0) text += `,"own":${JSON.stringify(ops)}`;
      if (hide !== undefined) text += `,"hide":${JSON.stringify(hide)}`;
      if (legal !== undefined) text += `,"legal":${legalText}`;
      own.set(seat, {
        part: {
          ...(ops.length > 0 ? { own: ops } : {}),
          ...(hide !== undefined ? { hide } : {}),
          ...(legal !== undefined ? { legal } : {}),
        },
        text,
      });
    }
    const empty =
      prev.seq === next.seq &&
      pub.length === 0 &&
      outcome === undefined &&
      deadline === undefined &&
      own.size === 0;
    return { empty, shared, sharedText, own };
  }
}

/** The projection of the table now for `seats`; `lists` gets each seat's legal actions. */
function project(now: Now, seats: Iterable<Seat>, lists?: Map<Seat, readonly unknown[]>): Projection {
  const { game, gs } = now;
  const pub = game.viewFor(gs, SPECTATOR) as unknown as Fields;
  const own = new Map<Seat, Own>();
  for (const seat of seats) own.set(seat, ownOf(now, seat, pub, lists));
  return {
    seq: now.seq,
    pub,
    outcome: now.over ? game.outcome(gs) : null,
    deadline: now.deadline,
    own,
  };
}

/** A seat's own part: the fields of its view that the public view has otherwise or not at all. */
function ownOf(now: Now, seat: Seat, pub: Fields, lists?: Map<Seat, readonly unknown[]>): Own {
  const view = now.game.viewFor(now.gs, seat) as unknown as Fields;
  const mine: Record<string, unknown> = {};
  for (const k in view) {
    if (!Object.hasOwn(view, k)) continue;
    const v = view[k];
    if (v === undefined) continue;
    if (!equal(v, pub[k])) mine[k] = v;
  }
  const hide: string[] = [];
  for (const k in pub)
    if (Object.hasOwn(pub, k) && pub[k] !== undefined && (!Object.hasOwn(view, k) || view[k] === undefined))
      hide.push(k);
  const legal = now.playing ? now.game.legalActions(now.gs, seat) : NONE;
  lists?.set(seat, legal);
  return {
    view: mine,
    hide: hide.length > 0 ? hide : NONE,
    legal: legal.length === 0 ? '[]' : textOfLegal(legal),
    count: legal.length,
    recall: NONE,
  };
}

/** `recall` after `own`'s legal actions were sent (as protocol `remember`, on JSON texts). */
function recalled(recall: readonly string[], own: Own): readonly string[] {
  if (own.count < RECALL_LENGTH) return recall;
  const out = [...recall, own.legal];
  return out.length > RECALL_SIZE ? out.slice(out.length - RECALL_SIZE) : out;
}

/**
 * The JSON text of legal-action lists met before, by the list itself. Engines hand out the same array for
 * the same choice (Differenzler's 158 estimates to every seat until it has estimated, a deal's interned
 * play lists), and their values never change (readonly, as every engine value): such a list's text is
 * made and interned once, not at every step for every seat (the estimates alone were 10 texts of 5 KB a
 * deal per table, stringified and hashed at every step). A list made afresh is a miss, as before; only
 * long texts (those `intern` keeps) are kept.
 */
const legalTexts = new WeakMap<readonly unknown[], string>();
function textOfLegal(legal: readonly unknown[]): string {
  let text = legalTexts.get(legal);
  if (text === undefined) {
    text = intern(JSON.stringify(legal));
    // Short lists are made afresh by most engines (a Doppelkopf hand's plays): keeping them costs more than
    // their text.
    if (text.length >= 256) legalTexts.set(legal, text);
  }
  return text;
}

/** Long texts already met (any table's), so that equal texts are one string and compare at once. */
const interned = new Map<string, string>();
function intern(text: string): string {
  if (text.length < 256) return text;
  const known = interned.get(text);
  if (known !== undefined) return known;
  if (interned.size >= 1024) interned.clear();
  interned.set(text, text);
  return text;
}

const sameKeys = (a: readonly string[], b: readonly string[]): boolean =>
  a === b || (a.length === b.length && a.every((k, i) => k === b[i]));

const isObject = (x: unknown): x is object => x !== null && typeof x === 'object';

/** Equal as JSON values (a key whose value is undefined counts as absent). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(y);
  if (Object.keys(x).length === keys.length) {
    // As many keys, each of `y`'s defined and equal in `x`: the same keys and values.
    let i = 0;
    for (; i < keys.length; i++) {
      const v = y[keys[i]];
      if (v === undefined) break;
      if (!equal(x[keys[i]], v)) return false;
    }
    if (i === keys.length) return true;
  }
  // Keys whose value is undefined: the defined ones are compared and counted.
  let n = 0;
  for (const k in y) {
    if (!Object.hasOwn(y, k) || y[k] === undefined) continue;
    n++;
    if (!equal(x[k], y[k])) return false;
  }
  for (const k in x) if (Object.hasOwn(x, k) && x[k] !== undefined) n--;
  return n === 0;
}

/**
 * The operations that make `b` of `a`, appended to `ops` (paths below `path`). Objects are compared key by
 * key; an array by its common start and end: what lies between becomes one splice (an append when the
 * array grew at its end), or the one element that differs is compared further.
 */
export function diff(a: unknown, b: unknown, path: Path, ops: Op[]): void {
  walk(a, b, [...path], ops);
}

/** `diff` on a path that is pushed and popped on the way (copied only into an operation). */
function walk(a: unknown, b: unknown, path: (string | number)[], ops: Op[]): void {
  if (a === b) return;
  if (isObject(a) && isObject(b)) {
    const arr = Array.isArray(a);
    if (arr && Array.isArray(b)) {
      walkArray(a, b, path, ops);
      return;
    }
    if (!arr && !Array.isArray(b)) {
      walkObject(a as Fields, b as Fields, path, ops);
      return;
    }
  }
  if (path.length === 0) throw new Error('a view is an object');
  ops.push([path.slice(), b]);
}

function walkObject(a: Fields, b: Fields, path: (string | number)[], ops: Op[]): void {
  for (const k in b) {
    if (!Object.hasOwn(b, k)) continue;
    const v = b[k];
    const old = Object.hasOwn(a, k) ? a[k] : undefined;
    if (v === old) continue;
    if (v === undefined) ops.push([[...path, k]]);
    else if (old === undefined) ops.push([[...path, k], v]);
    else {
      path.push(k);
      walk(old, v, path, ops);
      path.pop();
    }
  }
  for (const k in a)
    if (Object.hasOwn(a, k) && a[k] !== undefined && (!Object.hasOwn(b, k) || b[k] === undefined))
      ops.push([[...path, k]]);
}

function walkArray(a: readonly unknown[], b: readonly unknown[], path: (string | number)[], ops: Op[]): void {
  const n = a.length;
  const m = b.length;
  const min = n < m ? n : m;
  let p = 0;
  while (p < min && equal(a[p], b[p])) p++;
  if (p === n && p === m) return;
  let q = 0;
  while (q < min - p && equal(a[n - 1 - q], b[m - 1 - q])) q++;
  const del = n - p - q;
  const ins = m - p - q;
  if (del === 1 && ins === 1) {
    path.push(p);
    walk(a[p], b[p], path, ops);
    path.pop();
  } else if (path.length > 0 && p === 0 && q === 0) ops.push([path.slice(), b]);
  else ops.push([path.slice(), p, del, b.slice(p, p + ins)]);
}
