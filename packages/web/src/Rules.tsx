/**
 * "Regeln": the players' rulebook of the game and preset (src/rulebook, loaded when the dialog opens), then the
 * game's presets and options as the engine describes them (GET /api/games, German and English) with the
 * table's own choices marked. The title and the close button stay in view; only the body between them scrolls.
 */
import type { GameMeta, OptionValue } from '@stich/protocol';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogKeys } from './dialog.ts';
import { useText } from './games.ts';
import { BOOK_PER_PRESET, type Book, loadRulebook } from './rulebook/index.ts';
import { Markdown } from './rulebook/Markdown.tsx';

/** Whether the marked choices are a table's (else a preset's, in the lobby where no table exists yet). */
const AtTable = createContext(false);

function RulesDialog({
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
          {/* Focusable so that the dialog's first focus lands here, at the top, and the keyboard can scroll it. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
          <section className="rules-body" tabIndex={0} aria-labelledby="rules-title" data-testid="rules-body">
            {game.summary && <p>{text(game.summary)}</p>}
            <p className="muted">{t('rules.players', { n: game.players.join(' / ') })}</p>
            <Rulebook game={game} preset={chosen.id} />
            <h3>{t('rules.settings')}</h3>
            <h4>{t('create.preset')}</h4>
            <ul className="rules-list">
              {game.presets.map((p) => (
                <li key={p.id} data-preset={p.id} data-chosen={p.id === chosen.id}>
                  <Mark on={p.id === chosen.id}>{text(p.name)}</Mark>: {text(p.description)}
                </li>
              ))}
            </ul>
            <h4>{t('create.options')}</h4>
            <dl className="rules-options">
              {game.options.map((o) => (
                <div key={o.key} data-option={o.key}>
                  <dt>{text(o.name)}</dt>
                  <dd>
                    {text(o.description)}
                    <br />
                    {o.kind === 'integer' ? (
                      <span data-value={String(values[o.key])} data-chosen="true">
                        {t('rules.range', { min: o.min, max: o.max })}:{' '}
                        <Mark on>{String(values[o.key])}</Mark>
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
          </section>
          <div className="row end">
            <button type="button" className="primary" data-testid="rules-close" onClick={onClose}>
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

/**
 * The players' rulebook in the interface language, loaded on first use. Where each preset has its own book
 * (Doppelkopf) the reader may switch to another preset's; it starts at the table's.
 */
function Rulebook({ game, preset }: { game: GameMeta; preset: string }) {
  const { t, i18n } = useTranslation();
  const text = useText();
  const [shown, setShown] = useState(preset);
  const [book, setBook] = useState<Book | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadRulebook(game.id, shown).then(
      (b) => live && setBook(b),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [game.id, shown]);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  return (
    <>
      {BOOK_PER_PRESET.has(game.id) && game.presets.length > 1 && (
        <fieldset className="seg rulebook-preset" aria-label={t('create.preset')}>
          {game.presets.map((p) => (
            <button
              key={p.id}
              type="button"
              data-book={p.id}
              aria-pressed={shown === p.id}
              onClick={() => setShown(p.id)}
            >
              {text(p.name)}
            </button>
          ))}
        </fieldset>
      )}
      {error ? (
        <p className="error">{t('table.error', { reason: error })}</p>
      ) : book === undefined ? (
        <p className="muted">{t('rules.loading')}</p>
      ) : book === null ? null : (
        <div className="rulebook" lang={lang} data-testid="rulebook" data-book={shown}>
          <Markdown source={book[lang]} />
        </div>
      )}
    </>
  );
}

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
