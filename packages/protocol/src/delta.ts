/**
 * State deltas (join option `delta`): instead of a seat's whole `StateUpdate` after every step, the server
 * sends what changed since the update it sent that connection before, as top-level fields of the view
 * (changed or new ones in `view`, missing ones in `gone`) and of the update (`legal`, `outcome`,
 * `deadline` when they changed). Its first update, and the answer to `sync`, is always a whole `state`.
 *
 * No imports: the web client bundles this file without the protocol's schemas.
 */

/** What changed since the update of step `from` this connection was sent last; fields left out are unchanged. */
export interface StateDelta {
  /** The `seq` of the update this delta applies to. */
  readonly from: number;
  readonly seq: number;
  /** View fields that changed or appeared, whole. */
  readonly view?: Readonly<Record<string, unknown>>;
  /** View fields that are no longer there. */
  readonly gone?: readonly string[];
  readonly legal?: readonly unknown[];
  readonly outcome?: unknown;
  readonly deadline?: number | null;
}

/** The parts of a `StateUpdate` a delta changes (kept structural so that this file needs no imports). */
interface Update {
  readonly seq: number;
  readonly view: object;
  readonly legal: readonly unknown[];
  readonly outcome: unknown;
  readonly deadline: number | null;
}

/**
 * The update after `delta`, or null when the delta does not follow `prev` (a message was lost: ask for
 * the whole state with `sync`). `prev` is not changed.
 */
export function applyDelta<U extends Update>(prev: U, delta: StateDelta): U | null {
  if (prev.seq !== delta.from) return null;
  const view: Record<string, unknown> = { ...prev.view, ...delta.view };
  if (delta.gone) for (const k of delta.gone) delete view[k];
  return {
    ...prev,
    seq: delta.seq,
    view,
    ...(delta.legal !== undefined ? { legal: delta.legal } : {}),
    ...(delta.outcome !== undefined ? { outcome: delta.outcome } : {}),
    ...(delta.deadline !== undefined ? { deadline: delta.deadline } : {}),
  };
}
