/**
 * The table's timers and focus: how long a taken trick and the end of a deal stay, the notice of a deal
 * thrown in, the turn timer's seconds, and where the keyboard goes when an action took its control away.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireAction } from '../actions.ts';
import type { TableModel, TrickModel } from '../model.ts';

/** How long the end-of-deal result stays when nobody continues (ms). */
export const DEAL_END_MS = 12_000;
/** How long a taken trick stays in view by default (ms). */
export const TRICK_MS = 900;

/**
 * Keeps the keyboard where it can act: when an action took the focused control away (focus fell to the
 * page), focus goes to the first playable card, else the first control, else the status line.
 */
export function useSensibleFocus(
  ref: { readonly current: HTMLDivElement | null },
  model: TableModel,
  legal: readonly WireAction[],
) {
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const root = ref.current;
    if (!root || model === null || legal === null) return;
    const target =
      root.querySelector<HTMLElement>('.hand button.card.legal') ??
      root.querySelector<HTMLElement>('.actions button, .actions input, .deal-end button') ??
      root.querySelector<HTMLElement>('.status');
    target?.focus({ preventScroll: true });
  }, [ref, model, legal]);
}

/** A notice while a deal was thrown in (nobody played, or an accepted Schmeiss) and the cards come again. */
export function useThrownIn(model: TableModel): string | null {
  const { t } = useTranslation();
  const seen = useRef(model.thrownIn);
  const [kind, setKind] = useState<'passed' | 'schmeiss' | null>(null);
  useEffect(() => {
    const more = model.thrownIn > seen.current;
    seen.current = model.thrownIn;
    if (!more) return;
    setKind(model.throwIn ?? 'passed');
    const id = setTimeout(() => setKind(null), DEAL_END_MS / 2);
    return () => clearTimeout(id);
  }, [model.thrownIn, model.throwIn]);
  if (kind === null) return null;
  return kind === 'schmeiss' ? t('deal.thrownSchmeiss') : t('deal.thrownPassed');
}

/**
 * The end-of-deal moment: when a deal (or Differenzler round) is newly scored, its index, shown until the
 * player continues or DEAL_END_MS pass; null otherwise. Nothing is shown for results already there when
 * the table opened. A deal scored while another one's end is shown waits for it, so that a deal thrown in at
 * once (a redeal decided by the computers) cannot take the scored deal off the screen; when several came
 * meanwhile, only the oldest and then the latest are shown.
 */
export function useDealEnd(model: TableModel, wait: boolean): { shown: number | null; close: () => void } {
  const count = model.rounds?.length ?? model.deals.length;
  /** Results before this index have been shown (or were there when the table opened). */
  const next = useRef(count);
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (count < next.current) next.current = count;
    if (shown !== null || count === next.current) return;
    // At most one end waits behind the one shown: a table of computers may score faster than anyone reads.
    const index = count - next.current > 2 ? count - 1 : next.current;
    setShown(index);
    next.current = index + 1;
  }, [count, shown]);
  useEffect(() => {
    if (shown === null || wait) return;
    const id = setTimeout(() => setShown(null), DEAL_END_MS);
    return () => clearTimeout(id);
  }, [shown, wait]);
  return { shown, close: () => setShown(null) };
}

/**
 * Keeps a finished trick in view for `ms`, with who takes it, before it goes. Every trick of a deal is
 * shown, the first one too; a new deal (no tricks) clears what was shown, so nothing of the old deal stays
 * over the new bidding. The timer runs per trick (its key): the states that follow (the next cards, a call)
 * must not stop it, or the trick and its "… nimmt den Stich" would stay under the whole next trick.
 */
export function useTakenTrick(model: TableModel, ms: number): TrickModel | null {
  const [shown, setShown] = useState<TrickModel | null>(null);
  const lastKey = useRef<string | null>(null);
  const trick = useRef(model.lastTrick);
  trick.current = model.lastTrick;
  // The deal and the trick's number in it: the same cards may make two tricks of a deal (Doppelkopf).
  const key = model.lastTrick
    ? `${model.deals.length}:${model.tricks.length}:${model.lastTrick.cards.map((p) => p.card).join()}`
    : '';
  useEffect(() => {
    if (key === lastKey.current) return;
    // The state the table opened with shows no taking: the trick was taken before the viewer came.
    const opened = lastKey.current === null;
    lastKey.current = key;
    if (opened || !trick.current) {
      setShown(null);
      return;
    }
    setShown(trick.current);
  }, [key]);
  useEffect(() => {
    if (shown === null) return;
    // Clears only its own trick: on a slow device this trick's timer may fire after the next trick was set
    // to be shown but before that render dropped the timer, and would hide the next trick unseen.
    const id = setTimeout(() => setShown((now) => (now === shown ? null : now)), ms);
    return () => clearTimeout(id);
  }, [shown, ms]);
  return shown;
}

/** Seconds until `deadline` (Unix ms), ticking; null without a turn timer. */
export function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}
