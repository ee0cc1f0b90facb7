/**
 * Card faces drawn in code as SVG: French suits, pips for 6 to 10, letter faces for Bube, Dame,
 * König and Ass. No images, so the cards stay sharp at every size and carry no third-party licence.
 * Notation as in the engine: suit letter + rank letter, e.g. `HJ` = Herz Bube (see protocol).
 */
import type { TFunction } from 'i18next';
import { memo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export type SuitLetter = 'C' | 'S' | 'H' | 'D';
type RankLetter = '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K' | 'A';

export const suitLetter = (card: string): SuitLetter => card[0] as SuitLetter;
export const rankLetter = (card: string): RankLetter => card[1] as RankLetter;

const RED = '#c8102e';
const BLACK = '#16181d';
const suitColor = (s: SuitLetter): string => (s === 'H' || s === 'D' ? RED : BLACK);

/** Suit shapes in a 100 x 100 box. */
function SuitShape({ suit }: { suit: SuitLetter }): ReactElement {
  switch (suit) {
    case 'H':
      return (
        <path d="M50 95 C35 80 2 62 2 33 C2 13 17 3 30 3 C41 3 48 10 50 20 C52 10 59 3 70 3 C83 3 98 13 98 33 C98 62 65 80 50 95 Z" />
      );
    case 'D':
      return <path d="M50 2 L88 50 L50 98 L12 50 Z" />;
    case 'S':
      return (
        <path d="M50 2 C64 22 97 40 97 63 C97 79 85 88 72 88 C63 88 56 83 53 77 C54 87 59 94 68 98 L32 98 C41 94 46 87 47 77 C44 83 37 88 28 88 C15 88 3 79 3 63 C3 40 36 22 50 2 Z" />
      );
    case 'C':
      return (
        <g>
          <circle cx="50" cy="27" r="22" />
          <circle cx="26" cy="60" r="22" />
          <circle cx="74" cy="60" r="22" />
          <path d="M45 45 L55 45 L55 60 C55 80 60 92 68 98 L32 98 C40 92 45 80 45 60 Z" />
        </g>
      );
  }
}

/**
 * A suit symbol of `size` centred on (x, y); `flip` turns it upside down. Pips are drawn upright: an
 * upside-down Pik is easily taken for a Herz on a small screen.
 */
function Pip({
  suit,
  x,
  y,
  size,
  flip,
}: {
  suit: SuitLetter;
  x: number;
  y: number;
  size: number;
  flip?: boolean;
}) {
  const s = size / 100;
  const rot = flip ? ` rotate(180 ${x} ${y})` : '';
  return (
    <g transform={`${rot} translate(${x - size / 2} ${y - size / 2}) scale(${s})`}>
      <SuitShape suit={suit} />
    </g>
  );
}

/** A standalone suit symbol for labels and buttons. */
export function SuitIcon({ suit, size = 16 }: { suit: SuitLetter; size?: number }) {
  return (
    <svg className="suit-icon" width={size} height={size} viewBox="0 0 100 100" aria-hidden="true">
      <g fill={suitColor(suit)}>
        <SuitShape suit={suit} />
      </g>
    </svg>
  );
}

// Pip positions for 6 to 10 on a 100 x 140 card: columns 30/50/70, rows between y 28 and 112.
const L = 33;
const C = 50;
const R = 67;
const PIPS: Record<string, readonly (readonly [number, number])[]> = {
  '6': [
    [L, 28],
    [R, 28],
    [L, 70],
    [R, 70],
    [L, 112],
    [R, 112],
  ],
  '7': [
    [L, 28],
    [R, 28],
    [C, 49],
    [L, 70],
    [R, 70],
    [L, 112],
    [R, 112],
  ],
  '8': [
    [L, 28],
    [R, 28],
    [C, 49],
    [L, 70],
    [R, 70],
    [C, 91],
    [L, 112],
    [R, 112],
  ],
  '9': [
    [L, 28],
    [R, 28],
    [L, 56],
    [R, 56],
    [C, 70],
    [L, 84],
    [R, 84],
    [L, 112],
    [R, 112],
  ],
  T: [
    [L, 28],
    [R, 28],
    [C, 42],
    [L, 56],
    [R, 56],
    [L, 84],
    [R, 84],
    [C, 98],
    [L, 112],
    [R, 112],
  ],
};

/** The corner index: rank letter above a small suit symbol. */
/** The rank and suit in a corner; `turned` for the corner drawn rotated, whose pip is turned back upright. */
function Corner({ suit, label, turned }: { suit: SuitLetter; label: string; turned?: boolean }) {
  return (
    <g>
      <text
        x="11"
        y="22"
        textAnchor="middle"
        fontSize={label.length > 1 ? 15 : 19}
        fontWeight="700"
        fontFamily="Georgia, 'DejaVu Serif', serif"
      >
        {label}
      </text>
      <Pip suit={suit} x={11} y={33} size={12} flip={turned} />
    </g>
  );
}

function Face({ suit, rank, label }: { suit: SuitLetter; rank: RankLetter; label: string }) {
  const pips = PIPS[rank];
  if (pips)
    return (
      <>
        {pips.map(([x, y]) => (
          <Pip key={`${x}-${y}`} suit={suit} x={x} y={y} size={17} />
        ))}
      </>
    );
  if (rank === 'A') return <Pip suit={suit} x={50} y={70} size={46} />;
  // Bube, Dame, König: a framed letter face with the suit above and (turned) below.
  return (
    <g>
      <rect
        x="20"
        y="16"
        width="60"
        height="108"
        rx="6"
        fill="none"
        strokeWidth="1.5"
        stroke="currentColor"
        opacity="0.5"
      />
      <Pip suit={suit} x={50} y={36} size={20} />
      <text
        x="50"
        y="86"
        textAnchor="middle"
        fontSize="46"
        fontWeight="700"
        fontFamily="Georgia, 'DejaVu Serif', serif"
      >
        {label}
      </text>
      <Pip suit={suit} x={50} y={106} size={20} />
    </g>
  );
}

interface CardFaceProps {
  card: string;
  className?: string;
  /** Hidden from screen readers where the element around it names the card (a card button, a played card). */
  decorative?: boolean;
}

/** One card face as an SVG that fills its box (aspect 5 : 7). */
export const CardFace = memo(function CardFace({ card, className, decorative = false }: CardFaceProps) {
  const { t } = useTranslation();
  const suit = suitLetter(card);
  const rank = rankLetter(card);
  const label = t(`rankShort.${rank}`);
  const color = suitColor(suit);
  return (
    <svg
      className={className ?? 'card-svg'}
      viewBox="0 0 100 140"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : cardName(t, card)}
      aria-hidden={decorative ? true : undefined}
    >
      <rect x="1" y="1" width="98" height="138" rx="7" fill="#fffdf8" stroke="#9aa0a6" strokeWidth="1.2" />
      <g fill={color} color={color}>
        <Face suit={suit} rank={rank} label={label} />
        <Corner suit={suit} label={label} />
        <g transform="rotate(180 50 70)">
          <Corner suit={suit} label={label} turned />
        </g>
      </g>
    </svg>
  );
});

/** A card's back, for hidden hands and the stock. */
export function CardBack({ className }: { className?: string }) {
  return (
    <svg className={className ?? 'card-svg'} viewBox="0 0 100 140" aria-hidden="true">
      <defs>
        <pattern
          id="stich-back"
          width="10"
          height="10"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="10" height="10" fill="#1d4e89" />
          <rect width="5" height="10" fill="#245da0" />
        </pattern>
      </defs>
      <rect x="1" y="1" width="98" height="138" rx="7" fill="#fffdf8" stroke="#9aa0a6" strokeWidth="1.2" />
      <rect x="7" y="7" width="86" height="126" rx="4" fill="url(#stich-back)" />
    </svg>
  );
}

type TFn = TFunction;

/** "Herz Bube" / "Jack of Hearts": the card's full name in the current language. */
export const cardName = (t: TFn, card: string): string =>
  t('cardName', { suit: t(`suit.${suitLetter(card)}`), rank: t(`rank.${rankLetter(card)}`) });
