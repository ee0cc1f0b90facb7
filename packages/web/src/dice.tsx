/**
 * The match score on dice as the engine lays them (KlapperjasView.dice: the faces shown, and whether
 * the die stands on the coaster, played "rauf"); this module only draws them.
 */
import { useTranslation } from 'react-i18next';

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

function DieFace({ face, size = 44 }: { face: number; size?: number }) {
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
interface DiceView {
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
  dice: DiceView;
}) {
  const { t } = useTranslation();
  const die = { onCoaster: dice.raised, done: points >= target };
  const faces = dice.faces;
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
