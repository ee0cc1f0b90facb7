/**
 * The profile's pictures, drawn by uPlot (its own chunk, fetched when a profile shows them): the rating
 * over time, game points per deal as a histogram, and the places of the last matches. Each is an image
 * for screen readers (`role="img"` with a one-line summary); the numbers are also given as a table
 * (Profile.tsx).
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const INK = '#1b1f24';
const FELT = '#14633f';
const AXIS = { stroke: INK, grid: { stroke: '#0002', width: 1 }, ticks: { stroke: '#0003', width: 1 } };

/** uPlot in a box as wide as its container, following its width (a phone turned, a window resized). */
function Plot({
  label,
  make,
  data,
  testid,
}: {
  label: string;
  make: (width: number) => uPlot.Options;
  data: uPlot.AlignedData;
  testid: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Drawn again when the numbers or the label change, not on every render (a new array of equal numbers).
  const key = `${label}|${JSON.stringify(data)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `data` and `make`
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(200, Math.floor(el.clientWidth));
    const plot = new uPlot(make(width()), data, el);
    const seen = new ResizeObserver(() => plot.setSize({ width: width(), height: plot.height }));
    seen.observe(el);
    return () => {
      seen.disconnect();
      plot.destroy();
    };
  }, [key]);
  return <div className="chart" ref={box} role="img" aria-label={label} data-testid={testid} />;
}

/**
 * The rating after each rated match of one game and preset: `at` in seconds, `display`. The time axis is
 * labelled in the interface's language (`locale`): times of day within two days, else dates.
 */
export function RatingChart({
  label,
  at,
  rating,
  locale,
}: {
  label: string;
  at: number[];
  rating: number[];
  locale: string;
}) {
  const data: uPlot.AlignedData = [at, rating];
  const short = at.length > 0 && at[at.length - 1] - at[0] < 2 * 86_400;
  const when = (s: number) =>
    new Date(s * 1000).toLocaleString(
      locale,
      short ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'numeric' },
    );
  return (
    <Plot
      label={label}
      testid="chart-rating"
      data={data}
      make={(width) => ({
        width,
        height: 180,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true } },
        axes: [
          { ...AXIS, values: (_u, splits) => splits.map(when) },
          // Numbers grouped as the language writes them (1.100 in German, 1,100 in English).
          { ...AXIS, size: 48, values: (_u, splits) => splits.map((v) => v.toLocaleString(locale)) },
        ],
        series: [{}, { stroke: FELT, width: 2, points: { show: at.length < 40, size: 5, fill: FELT } }],
      })}
    />
  );
}

/** Deals by the game points they brought: `points` ascending, `deals` with each. */
export function HistogramChart({
  label,
  points,
  deals,
}: {
  label: string;
  points: number[];
  deals: number[];
}) {
  const data: uPlot.AlignedData = [points, deals];
  const bars = uPlot.paths.bars?.({ size: [0.8, 40] });
  return (
    <Plot
      label={label}
      testid="chart-histogram"
      data={data}
      make={(width) => ({
        width,
        height: 180,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          // Room on each side, so that the outer bars are drawn whole (and a single value has a width).
          x: {
            time: false,
            // From the data themselves: uPlot widens a single value's range its own way.
            range: () => {
              const lo = Math.min(...points);
              const hi = Math.max(...points);
              const pad = Math.max(1, (hi - lo) * 0.08);
              return [lo - pad, hi + pad];
            },
          },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [AXIS, { ...AXIS, size: 40 }],
        series: [
          {},
          {
            stroke: FELT,
            fill: `${FELT}99`,
            width: 1,
            points: { show: false },
            ...(bars ? { paths: bars } : {}),
          },
        ],
      })}
    />
  );
}

/** Places in the last matches, oldest first; 1 (the best) at the top. */
export function RecentChart({ label, places, most }: { label: string; places: number[]; most: number }) {
  const data: uPlot.AlignedData = [places.map((_, i) => i + 1), places];
  return (
    <Plot
      label={label}
      testid="chart-recent"
      data={data}
      make={(width) => ({
        width,
        height: 160,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: (_u, _min, max) => [0, max + 1] },
          y: { dir: -1, range: () => [0.5, most + 0.5] },
        },
        axes: [AXIS, { ...AXIS, size: 32, incrs: [1] }],
        series: [
          {},
          {
            stroke: FELT,
            width: 0,
            paths: () => null,
            points: { show: true, size: 9, fill: FELT, stroke: FELT },
          },
        ],
      })}
    />
  );
}
