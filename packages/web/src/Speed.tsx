/**
 * The pace of one table, kept by this browser (localStorage `stich.speed.<tableId>`; a new table starts from
 * the last choice, `stich.speed`): how long computer players wait before they act (sent to the server as
 * `speed`, which honours it only for a person alone with computers), how long a taken trick stays, and
 * whether the end of a deal waits for "Weiter" (by default it does when the viewer is alone with computers).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRICK_MS } from './table/hooks.ts';

export interface Speed {
  /** Null: the server's own delay. */
  readonly botDelayMs: number | null;
  readonly trickMs: number;
  /** Null: wait when alone with computers. */
  readonly waitForNext: boolean | null;
}

const DEFAULT: Speed = { botDelayMs: null, trickMs: TRICK_MS, waitForNext: null };
/** The choices offered; the server takes 0 to 5000 ms. */
const BOT_DELAYS = [0, 300, 700, 1500, 3000] as const;
export const TRICK_TIMES = [500, TRICK_MS, 1500, 2500, 4000] as const;

const key = (tableId: string) => `stich.speed.${tableId}`;

/** A stored value read back, each field checked (a bad or old entry falls back to the default). */
function parse(raw: string | null): Speed | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const bot = v.botDelayMs;
    const trick = v.trickMs;
    const wait = v.waitForNext;
    return {
      botDelayMs: typeof bot === 'number' && bot >= 0 && bot <= 5000 ? bot : null,
      trickMs: typeof trick === 'number' && trick >= 100 && trick <= 10_000 ? trick : TRICK_MS,
      waitForNext: typeof wait === 'boolean' ? wait : null,
    };
  } catch {
    return null;
  }
}

export function useSpeed(tableId: string): [Speed, (s: Speed) => void] {
  const [speed, setSpeed] = useState<Speed>(
    () => parse(localStorage.getItem(key(tableId))) ?? parse(localStorage.getItem('stich.speed')) ?? DEFAULT,
  );
  const set = (s: Speed) => {
    setSpeed(s);
    const json = JSON.stringify(s);
    localStorage.setItem(key(tableId), json);
    localStorage.setItem('stich.speed', json);
  };
  return [speed, set];
}

/** The "Tempo" button and its panel in the table's side column. */
export function SpeedButton({
  speed,
  onChange,
  alone,
}: {
  speed: Speed;
  onChange: (s: Speed) => void;
  /** The viewer is the one person among computers: the computers' pace is his to set. */
  alone: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', esc);
    return () => window.removeEventListener('keydown', esc);
  }, [open]);
  const secs = (ms: number) =>
    ms < 1000 ? t('play.ms', { n: ms }) : t('play.seconds', { n: (ms / 1000).toLocaleString() });
  return (
    <>
      <button
        type="button"
        className="small"
        data-testid="speed"
        aria-expanded={open}
        onClick={() => setOpen((x) => !x)}
      >
        {t('play.speed')}
      </button>
      {open && (
        <div
          className="speed-panel"
          role="dialog"
          aria-label={t('play.speedTitle')}
          data-testid="speed-panel"
        >
          <h3>{t('play.speedTitle')}</h3>
          <label className="field">
            {t('play.botDelay')}
            <select
              data-testid="speed-bots"
              disabled={!alone}
              value={speed.botDelayMs ?? ''}
              onChange={(e) =>
                onChange({ ...speed, botDelayMs: e.target.value === '' ? null : Number(e.target.value) })
              }
            >
              <option value="">{t('play.botDelayDefault')}</option>
              {BOT_DELAYS.map((ms) => (
                <option key={ms} value={ms}>
                  {secs(ms)}
                </option>
              ))}
            </select>
          </label>
          {!alone && <p className="muted">{t('play.botDelayOnlyAlone')}</p>}
          <label className="field">
            {t('play.trickStays')}
            <select
              data-testid="speed-trick"
              value={speed.trickMs}
              onChange={(e) => onChange({ ...speed, trickMs: Number(e.target.value) })}
            >
              {TRICK_TIMES.map((ms) => (
                <option key={ms} value={ms}>
                  {secs(ms)}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input
              type="checkbox"
              data-testid="speed-wait"
              checked={speed.waitForNext ?? alone}
              onChange={(e) => onChange({ ...speed, waitForNext: e.target.checked })}
            />
            {t('play.waitForNext')}
          </label>
          <p className="muted">{t('play.kept')}</p>
          <button type="button" onClick={() => setOpen(false)}>
            {t('close')}
          </button>
        </div>
      )}
    </>
  );
}
