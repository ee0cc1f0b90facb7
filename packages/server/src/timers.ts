/** A plain timer that can be cleared (the table's timers; the room clock does not tick, see rates.ts). */
export interface Timer {
  clear(): void;
}

/** Node's timers take at most 2^31 - 1 ms (IDLE_SECONDS may be 30 days): longer ones are chained. */
const LONGEST = 2 ** 31 - 1;

export const after = (ms: number, f: () => void): Timer => {
  let t: ReturnType<typeof setTimeout>;
  const arm = (left: number) => {
    t = setTimeout(left > LONGEST ? () => arm(left - LONGEST) : f, Math.min(left, LONGEST));
  };
  arm(ms);
  return { clear: () => clearTimeout(t) };
};
