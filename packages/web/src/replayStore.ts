/**
 * The states a table sent, kept per table for the step-by-step replay. The client cannot replay a
 * record by itself (it holds no rules), so it keeps the views it was shown, in order of `seq`; the
 * list is also kept in sessionStorage so that a reload does not lose it.
 */
import type { StateUpdate } from '@stich/protocol';

export interface Step {
  readonly seq: number;
  readonly view: StateUpdate['view'];
}

const steps = new Map<string, Step[]>();
const key = (id: string) => `stich.replay.${id}`;

export function stepsOf(id: string): readonly Step[] {
  let list = steps.get(id);
  if (!list) {
    try {
      list = JSON.parse(sessionStorage.getItem(key(id)) ?? '[]') as Step[];
    } catch {
      list = [];
    }
    steps.set(id, list);
  }
  return list;
}

export function rememberStep(id: string, s: StateUpdate): void {
  const list = stepsOf(id) as Step[];
  if (list.length > 0 && list[list.length - 1].seq >= s.seq) {
    // A resync after a reconnect: keep the list in order.
    while (list.length > 0 && list[list.length - 1].seq >= s.seq) list.pop();
  }
  list.push({ seq: s.seq, view: s.view });
  try {
    sessionStorage.setItem(key(id), JSON.stringify(list));
  } catch {
    // storage full: the in-memory list still serves this page
  }
}
