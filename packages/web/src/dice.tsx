/**
 * The match score on dice, as the Klapper-Jas manual (000 section 6) keeps it: the die starts on the
 * coaster (Bierdeckel) with the six up, meaning 0; points are turned "rauf" up to six; then the die
 * comes off the coaster and is turned "runter" from six towards 0 ("wieder sechs") at 12.
 */
import { useTranslation } from 'react-i18next';

export interface DieState {
  /** The face that is up, 1..6. */
  readonly face: number;
  readonly onCoaster: boolean;
  /** True once the target is reached. */
  readonly done: boolean;
}

/** Up-and-down reading for a target of 12 (two halves of six); other targets count up on one die per six. */
export function dieFor(points: number, target = 12): DieState {
  const p = Math.max(0, Math.min(points, target));
  if (target === 12) {
    if (p === 0) return { face: 6, onCoaster: true, done: false };
    if (p < 6) return { face: p, onCoaster: true, done: false };
    if (p < 12) return { face: 12 - p, onCoaster: false, done: false };
    return { face: 6, onCoaster: false, done: true };
  }
  // One die played up only (the "Klappern" summary: match to 6); 0 is the six on the coaster.
  if (p === 0) return { face: 6, onCoaster: true, done: false };
  return { face: Math.min(p, 6), onCoaster: p < target, done: p >= target };
}

const PIP_POS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [26, 26],
    [74, 26],
    [50, 50],
    [26, 74],
    [74, 74],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};

export function DieFace({ face, size = 44 }: { face: number; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true">
      <rect x="4" y="4" width="92" height="92" rx="18" fill="#fff" stroke="#333" strokeWidth="4" />
      {PIP_POS[face]?.map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="9" fill="#222" />
      ))}
    </svg>
  );
}

/** How the engine lays the dice (KlapperjasView.dice): faces shown, raised on the coaster while played up. */
export interface DiceView {
  readonly faces: readonly number[];
  readonly raised: boolean;
}

/** One party's die (or dice) with its coaster, labelled with the points and the direction. */
export function PartyDie({
  label,
  points,
  target,
  dice,
}: {
  label: string;
  points: number;
  target: number;
  dice?: DiceView;
}) {
  const { t } = useTranslation();
  const own = dieFor(points, target);
  const die: DieState = dice
    ? { face: dice.faces[0] ?? 6, onCoaster: dice.raised, done: points >= target }
    : own;
  const faces = dice ? dice.faces : [own.face];
  const dir =
    die.done || faces.length > 1 ? '' : die.onCoaster ? t('score.up') : points > 0 ? t('score.down') : '';
  return (
    <figure className={`party-die${die.done ? ' done' : ''}`} data-points={points}>
      <div className={die.onCoaster ? 'coaster on' : 'coaster off'}>
        {faces.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one or two dice
          <DieFace key={i} face={f} />
        ))}
      </div>
      <figcaption>
        <strong>{label}</strong>
        <span>
          {t('score.of', { a: points, b: target })}
          {dir ? ` · ${dir}` : ''}
        </span>
      </figcaption>
    </figure>
  );
}
