/**
 * Events (join option `events`): after a `snap` of the table, every change comes as an `ev` frame of small
 * patch operations on what the connection holds. A connection holds two documents:
 * - `pub`, the public view: the spectator's view, the same for everyone at the table;
 * - `own`, a seat's own part: the top-level view fields it sees otherwise than a spectator (its hand, its
 *   own estimate, the Doppelkopf contract of a stilles Solo's player), and its legal actions.
 * The seat's view is `pub` with `own`'s fields put over it (and `hide`'s fields taken out). The server
 * computes the operations against the previous projection, so a played card is a few dozen bytes and a
 * finished deal's history is appended once. The public part of a frame is the same text for every
 * connection; a seat's frame adds its own part. This reducer applies what it is told: it knows no rules
 * and decides nothing.
 *
 * No imports: the web client bundles this file without the protocol's schemas.
 */

/** Where in a document: object keys and array indices from the top. */
export type Path = readonly (string | number)[];

/**
 * One change: `[path, value]` sets the value at `path` (creating the key); `[path]` removes the object key
 * at `path`; `[path, start, deleteCount, items]` splices the array at `path` (an append is
 * `[path, length, 0, items]`).
 */
export type Op =
  | readonly [path: Path, value: unknown]
  | readonly [path: Path]
  | readonly [path: Path, start: number, deleteCount: number, items: readonly unknown[]];

/** The whole table for one connection (`snap`): after joining, after `sync`, after a reconnection. */
export interface Snapshot {
  /** The table's step (`StateUpdate.seq`). */
  readonly seq: number;
  /** The public view (the spectator's). */
  readonly pub: Readonly<Record<string, unknown>>;
  /** A seat's own view fields (over `pub`); null for a spectator. */
  readonly own: Readonly<Record<string, unknown>> | null;
  /** Fields of `pub` the seat's view does not have (left out when none). */
  readonly hide?: readonly string[];
  readonly legal: readonly unknown[];
  readonly outcome: unknown;
  readonly deadline: number | null;
}

/**
 * Legal-action lists of at least this many actions are remembered by both ends (a Differenzler estimate
 * offers 158 numbers each round): sent again, such a list is its index among the remembered ones.
 */
export const RECALL_LENGTH = 16;
/** How many long legal-action lists are remembered (the oldest is forgotten first). */
export const RECALL_SIZE = 4;

/** What changed from step `from` to step `seq` (`ev`); a part left out is unchanged. */
export interface EventFrame {
  /**
   * The `seq` this frame applies to (the one of the connection's last snapshot or frame); left out when
   * it is `seq - 1`.
   */
  readonly from?: number;
  readonly seq: number;
  /** Operations on the public view: the same for every connection of the table. */
  readonly pub?: readonly Op[];
  readonly outcome?: unknown;
  readonly deadline?: number | null;
  /** Operations on the seat's own fields. */
  readonly own?: readonly Op[];
  readonly hide?: readonly string[];
  /** The seat's legal actions: the list, or the index of a remembered long list (`RECALL_LENGTH`). */
  readonly legal?: readonly unknown[] | number;
}

/** What a connection holds: both documents, and the update they make (the shape of `StateUpdate`). */
export interface Folded<U = Update> {
  readonly pub: Readonly<Record<string, unknown>>;
  readonly own: Readonly<Record<string, unknown>> | null;
  readonly hide: readonly string[];
  /** The long legal-action lists received, oldest first (at most `RECALL_SIZE`). */
  readonly recall: readonly (readonly unknown[])[];
  readonly update: U;
}

/** `recall` after `legal` was received: a long list is remembered, the oldest forgotten beyond the size. */
export function remember(
  recall: readonly (readonly unknown[])[],
  legal: readonly unknown[],
): readonly (readonly unknown[])[] {
  if (legal.length < RECALL_LENGTH) return recall;
  const out = [...recall, legal];
  return out.length > RECALL_SIZE ? out.slice(out.length - RECALL_SIZE) : out;
}

/** The update a connection shows (kept structural so that this file needs no imports). */
interface Update {
  readonly seq: number;
  readonly view: object;
  readonly legal: readonly unknown[];
  readonly outcome: unknown;
  readonly deadline: number | null;
}

const NONE: readonly string[] = [];

/** The seat's view: `pub` with `own` over it and `hide` taken out; `pub` itself for a spectator. */
export function viewOf(
  pub: Readonly<Record<string, unknown>>,
  own: Readonly<Record<string, unknown>> | null,
  hide: readonly string[],
): Record<string, unknown> {
  if (own === null && hide.length === 0) return pub as Record<string, unknown>;
  const view: Record<string, unknown> = { ...pub };
  for (const k of hide) delete view[k];
  if (own !== null) for (const k in own) if (Object.hasOwn(own, k)) view[k] = own[k];
  return view;
}

/** What a connection holds after a snapshot. */
export function fromSnapshot<U extends Update = Update>(s: Snapshot): Folded<U> {
  const hide = s.hide ?? NONE;
  const update = {
    seq: s.seq,
    view: viewOf(s.pub, s.own, hide),
    legal: s.legal,
    outcome: s.outcome,
    deadline: s.deadline,
  } as unknown as U;
  return { pub: s.pub, own: s.own, hide, recall: remember([], s.legal), update };
}

/**
 * What a connection holds after `e`, or null when `e` does not follow `prev` (a frame was lost, or an
 * operation does not fit: ask for the whole table with `sync`). `prev` is not changed; the parts of the
 * view no operation touches are the very objects they were (a renderer may compare them by identity).
 */
export function applyEvents<U extends Update>(prev: Folded<U>, e: EventFrame): Folded<U> | null {
  if (prev.update.seq !== (e.from ?? e.seq - 1)) return null;
  let pub = prev.pub;
  let own = prev.own;
  if (e.pub !== undefined && e.pub.length > 0) {
    const p = patch(pub, e.pub);
    if (p === undefined) return null;
    pub = p as Record<string, unknown>;
  }
  if (e.own !== undefined && e.own.length > 0) {
    if (own === null) return null;
    const o = patch(own, e.own);
    if (o === undefined) return null;
    own = o as Record<string, unknown>;
  }
  const hide = e.hide ?? prev.hide;
  let recall = prev.recall;
  let legal: readonly unknown[] | undefined;
  if (typeof e.legal === 'number') {
    legal = recall[e.legal];
    if (legal === undefined) return null;
  } else if (e.legal !== undefined) {
    legal = e.legal;
    recall = remember(recall, legal);
  }
  const u = prev.update;
  const update = {
    ...u,
    seq: e.seq,
    view: pub === prev.pub && own === prev.own && hide === prev.hide ? u.view : viewOf(pub, own, hide),
    ...(legal !== undefined ? { legal } : {}),
    ...(e.outcome !== undefined ? { outcome: e.outcome } : {}),
    ...(e.deadline !== undefined ? { deadline: e.deadline } : {}),
  } as U;
  return { pub, own, hide, recall, update };
}

type Doc = Record<string, unknown> | unknown[];

/** `doc` with the operations applied (copied along each path, shared elsewhere); undefined: one does not fit. */
export function patch(doc: unknown, ops: readonly Op[]): unknown {
  // Containers copied by this call: changed in place by later operations of the same call.
  const fresh = new Set<object>();
  const copy = (x: Doc): Doc => {
    if (fresh.has(x)) return x;
    const c = Array.isArray(x) ? x.slice() : { ...x };
    fresh.add(c);
    return c;
  };
  let root = doc;
  for (const op of ops) {
    const path = op[0];
    if (!Array.isArray(path)) return undefined;
    if (path.length === 0) {
      if (op.length !== 2) return undefined;
      root = op[1];
      continue;
    }
    if (!isDoc(root)) return undefined;
    let parent = copy(root);
    root = parent;
    // Walk to the container of the last key, copying each container on the way.
    for (let i = 0; i < path.length - 1; i++) {
      const child = (parent as Record<string | number, unknown>)[path[i]];
      if (!isDoc(child)) return undefined;
      const c = copy(child);
      (parent as Record<string | number, unknown>)[path[i]] = c;
      parent = c;
    }
    const key = path[path.length - 1];
    if (op.length === 2) (parent as Record<string | number, unknown>)[key] = op[1];
    else if (op.length === 1) {
      if (Array.isArray(parent)) return undefined;
      delete parent[key];
    } else if (op.length === 4) {
      const arr = (parent as Record<string | number, unknown>)[key];
      const [, start, del, items] = op;
      if (!Array.isArray(arr) || !Array.isArray(items) || start < 0 || start + del > arr.length)
        return undefined;
      const a = copy(arr) as unknown[];
      a.splice(start, del, ...items);
      (parent as Record<string | number, unknown>)[key] = a;
    } else return undefined;
  }
  return root;
}

const isDoc = (x: unknown): x is Doc => x !== null && typeof x === 'object';
