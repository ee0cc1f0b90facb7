/**
 * State deltas for connections that joined with `delta` (packages/protocol/src/delta.ts): each state
 * update after the first is sent as the top-level fields that changed since the one sent before: a few
 * hundred bytes where the whole view is 4–12 KB (a long match's results, the trick history).
 *
 * Performance shortcut (this module's; `test/delta.test.ts` checks over whole matches of every game, every
 * seat and the spectator, that the delta's JSON text is the JSON of the delta object and that
 * `applyDelta(prev, delta)` equals the whole update): fields are compared by their JSON texts, kept per
 * connection from the update before; a long text is shared through the room's texts (wire.ts), so a
 * field holding an object encoded before (engine states never change, and views pass their unchanged
 * parts on: a match's results) is not encoded again. The delta's JSON text is put together from those
 * texts, so nothing is encoded twice.
 */
import type { StateDelta } from '@stich/protocol';
import { type Texts, textOf } from './wire.ts';

/** The parts of a state update a delta is made of. */
export interface Update {
  readonly seq: number;
  readonly view: object;
  readonly legal: readonly unknown[];
  readonly outcome: unknown;
  readonly deadline: number | null;
}

/**
 * What a connection was sent last, as the JSON texts of its parts: the base of its next delta. Only the
 * texts are kept (not the view), so that a table's connections hold no old views between updates.
 */
export class Sent {
  private readonly seq: number;
  private readonly deadline: number | null;
  /** JSON text of each view field present (JSON leaves out undefined, functions and symbols). */
  private readonly fields: ReadonlyMap<string, string>;
  private readonly legal: string;
  private readonly outcome: string;

  private constructor(
    seq: number,
    deadline: number | null,
    fields: ReadonlyMap<string, string>,
    legal: string,
    outcome: string,
  ) {
    this.seq = seq;
    this.deadline = deadline;
    this.fields = fields;
    this.legal = legal;
    this.outcome = outcome;
  }

  /** A whole update sent (after a join, a reconnection or `sync`). */
  static of(u: Update, texts: Texts): Sent {
    const view = u.view as Record<string, unknown>;
    const fields = new Map<string, string>();
    for (const k in view)
      if (Object.hasOwn(view, k) && !absent(view[k])) fields.set(k, textOf(view[k], texts));
    return new Sent(u.seq, u.deadline, fields, textOf(u.legal, texts), textOf(u.outcome, texts));
  }

  /** The delta from this update to `next` (object and JSON text), and `next` as the base of the one after. */
  to(next: Update, texts: Texts): { readonly delta: StateDelta; readonly text: string; readonly sent: Sent } {
    const view = next.view as Record<string, unknown>;
    const old = this.fields;
    const fields = new Map<string, string>();
    let changed: Record<string, unknown> | undefined;
    let changedText = '';
    for (const k in view) {
      if (!Object.hasOwn(view, k)) continue;
      const v = view[k];
      if (absent(v)) continue;
      const t = textOf(v, texts);
      fields.set(k, t);
      if (t === old.get(k)) continue;
      changed ??= {};
      changed[k] = v;
      changedText += `${changedText === '' ? '' : ','}${JSON.stringify(k)}:${t}`;
    }
    let gone: string[] | undefined;
    for (const k of old.keys()) {
      if (fields.has(k)) continue;
      gone ??= [];
      gone.push(k);
    }
    const legal = textOf(next.legal, texts);
    const outcome = textOf(next.outcome, texts);
    const delta: StateDelta = {
      from: this.seq,
      seq: next.seq,
      ...(changed ? { view: changed } : {}),
      ...(gone ? { gone } : {}),
      ...(legal !== this.legal ? { legal: next.legal } : {}),
      ...(outcome !== this.outcome ? { outcome: next.outcome } : {}),
      ...(next.deadline !== this.deadline ? { deadline: next.deadline } : {}),
    };
    let text = `{"from":${delta.from},"seq":${delta.seq}`;
    if (changed) text += `,"view":{${changedText}}`;
    if (gone) text += `,"gone":${JSON.stringify(gone)}`;
    if (delta.legal !== undefined) text += `,"legal":${legal}`;
    if (delta.outcome !== undefined) text += `,"outcome":${outcome}`;
    if (delta.deadline !== undefined) text += `,"deadline":${JSON.stringify(delta.deadline)}`;
    return { delta, text: `${text}}`, sent: new Sent(next.seq, next.deadline, fields, legal, outcome) };
  }
}

const absent = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';
