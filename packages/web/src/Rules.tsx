/**
 * "Regeln": a game's rules as the engine describes them (GET /api/games: summary, player counts, presets,
 * every option with its values, in German and English), the table's own choices marked, and below the
 * written rules documentation (GET /api/rules/<game>, docs/rules, in English) on demand.
 */
import type { GameMeta, OptionValue, RulesResponse } from '@stich/protocol';
import { createContext, type ReactNode, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useText } from './games.ts';
import { useDialogKeys } from './Lobby.tsx';

/** Whether the marked choices are a table's (else a preset's, in the lobby where no table exists yet). */
const AtTable = createContext(false);

export function RulesDialog({
  game,
  preset,
  options,
  onClose,
}: {
  game: GameMeta;
  /** The table's preset (default: the game's first). */
  preset?: string | null;
  /** The table's options beyond its preset; absent: no table, the preset's values are marked. */
  options?: Readonly<Record<string, unknown>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = useText();
  const box = useRef<HTMLDivElement>(null);
  useDialogKeys(box, onClose);
  const chosen = game.presets.find((p) => p.id === preset) ?? game.presets[0];
  const values: Record<string, unknown> = { ...chosen.options, ...(options ?? {}) };
  return (
    <AtTable.Provider value={options !== undefined}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="rules-title">
        <div className="dialog rules" ref={box} data-testid="rules" data-game={game.id}>
          <h2 id="rules-title">{t('rules.title', { game: text(game.name) })}</h2>
          {game.summary && <p>{text(game.summary)}</p>}
          <p className="muted">{t('rules.players', { n: game.players.join(' / ') })}</p>
          <h3>{t('create.preset')}</h3>
          <ul className="rules-list">
            {game.presets.map((p) => (
              <li key={p.id} data-preset={p.id} data-chosen={p.id === chosen.id}>
                <Mark on={p.id === chosen.id}>{text(p.name)}</Mark>: {text(p.description)}
              </li>
            ))}
          </ul>
          <h3>{t('create.options')}</h3>
          <dl className="rules-options">
            {game.options.map((o) => (
              <div key={o.key} data-option={o.key}>
                <dt>{text(o.name)}</dt>
                <dd>
                  {text(o.description)}
                  <br />
                  {o.kind === 'integer' ? (
                    <span data-value={String(values[o.key])} data-chosen="true">
                      {t('rules.range', { min: o.min, max: o.max })}: <Mark on>{String(values[o.key])}</Mark>
                    </span>
                  ) : (
                    o.values.map((v, i) => {
                      const on = same(values[o.key], v.value);
                      return (
                        <span key={String(v.value)} data-value={String(v.value)} data-chosen={on}>
                          {i > 0 && ' · '}
                          <Mark on={on}>{text(v.label)}</Mark>
                        </span>
                      );
                    })
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <Written game={game.id} />
          <div className="row end">
            <button type="button" className="primary" onClick={onClose}>
              {t('close')}
            </button>
          </div>
        </div>
      </div>
    </AtTable.Provider>
  );
}

const same = (a: unknown, b: OptionValue) => String(a) === String(b);

/** The table's choice: bold with a check mark, and said so to screen readers. */
function Mark({ on, children }: { on: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const atTable = useContext(AtTable);
  if (!on) return <>{children}</>;
  return (
    <strong className="chosen">
      ✓ {children}
      <span className="sr"> ({t(atTable ? 'rules.chosen' : 'rules.preset')})</span>
    </strong>
  );
}

/** The written rules, fetched when opened. */
function Written({ game }: { game: string }) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <details
      className="rules-doc"
      onToggle={(e) => {
        if (!(e.target as HTMLDetailsElement).open || doc !== null) return;
        fetch(`/api/rules/${encodeURIComponent(game)}`)
          .then((r) =>
            r.ok ? (r.json() as Promise<RulesResponse>) : Promise.reject(new Error(String(r.status))),
          )
          .then((r) => setDoc(r.markdown))
          .catch((e: Error) => setError(e.message));
      }}
    >
      <summary>{t('rules.written')}</summary>
      {error && <p className="error">{t('table.error', { reason: error })}</p>}
      {doc !== null && (
        <div lang="en" data-testid="rules-doc">
          {blocks(doc)}
        </div>
      )}
    </details>
  );
}

/** Markdown read as blocks: headings, lists, tables (kept as written) and paragraphs. */
function blocks(md: string): ReactNode[] {
  return md
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b, i) => {
      const key = `${i}`;
      const h = /^(#{1,4})\s+(.*)$/.exec(b);
      if (h && !b.includes('\n'))
        return h[1].length <= 2 ? <h3 key={key}>{h[2]}</h3> : <h4 key={key}>{h[2]}</h4>;
      const lines = b.split('\n');
      if (lines.every((l) => l.startsWith('|'))) return <pre key={key}>{b}</pre>;
      if (lines.every((l) => /^\s*([-*]|\d+\.)\s/.test(l) || /^\s{2,}\S/.test(l)))
        return (
          <ul key={key}>
            {b.split(/\n(?=\s*(?:[-*]|\d+\.)\s)/).map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
              <li key={j}>{plain(item.replace(/^\s*([-*]|\d+\.)\s+/, ''))}</li>
            ))}
          </ul>
        );
      return <p key={key}>{plain(b)}</p>;
    });
}

/** Inline markup reduced to its text. */
const plain = (s: string) =>
  s
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s*\n\s*/g, ' ');

/** The "Regeln" button of a table or a game, opening the dialog. */
export function RulesButton({
  game,
  preset,
  options,
}: {
  game: GameMeta | null;
  preset?: string | null;
  options?: Readonly<Record<string, unknown>>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!game) return null;
  return (
    <>
      <button type="button" ref={button} data-testid="rules-button" onClick={() => setOpen(true)}>
        {t('rules.button')}
      </button>
      {open && (
        <RulesDialog
          game={game}
          preset={preset}
          options={options}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
