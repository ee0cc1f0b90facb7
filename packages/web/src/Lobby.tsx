/**
 * The lobby: "Gegen den Computer spielen" for any game and player count (the last choice remembered),
 * "Meine Tische" (the tables you sit at), the open tables, the create-table dialog (Escape closes it,
 * Tab stays inside) and joining by link; in its header the player's line (AccountBar: guest or account,
 * and the leaderboard).
 */
import type { BotLevel, GameMeta, MyTable, OptionValue, TableInfo } from '@stich/protocol';
import { BOT_LEVELS } from '@stich/protocol/levels';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountBar } from './AccountBar.tsx';
import { useDialogKeys } from './dialog.ts';
import { gameName, useGames, useText } from './games.ts';
import { rememberHost } from './host.ts';
import { LangSwitch } from './LangSwitch.tsx';
import { MyTables } from './MyTables.tsx';
import {
  createTable,
  ensureGuest,
  listTables,
  myTables,
  playNow,
  savedName,
  signedInAs,
  watchLobby,
} from './net.ts';
import {
  type QuickChoice,
  QuickOptions,
  quickLevel,
  quickPreset,
  saveChoice,
  savedChoice,
} from './Quick.tsx';
import { TableFacts } from './Rows.tsx';
import { RulesButton } from './Rules.tsx';
import { navigate } from './route.ts';

type Level = BotLevel;

export function Lobby() {
  const { t } = useTranslation();
  const { games } = useGames();
  const text = useText();
  const [tables, setTables] = useState<TableInfo[]>([]);
  /** Open public tables in all; the lobby shows the newest page of them. */
  const [total, setTotal] = useState(0);
  const [name, setName] = useState(savedName());
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const [choice, setChoice] = useState<QuickChoice>(savedChoice);
  const [mine, setMine] = useState<readonly MyTable[] | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let gone = false;
    myTables()
      .then((r) => !gone && setMine(r.tables))
      .catch(() => !gone && setMine([]));
    return () => {
      gone = true;
    };
  }, []);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    listTables()
      .then((r) => {
        if (gone) return;
        setTables([...r.tables]);
        setTotal(r.total);
      })
      .catch(() => {});
    watchLobby((f) => setTables((old) => f(old)), setTotal)
      .then((s) => {
        if (gone) s();
        else stop = s;
      })
      .catch(() => {});
    return () => {
      gone = true;
      stop?.();
    };
  }, []);

  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await ensureGuest(name);
      await f();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  // The remembered choice, if this server still offers it; else the first game at its usual count.
  const quickGame = games?.find((g) => g.id === choice.game) ?? games?.[0];
  const quickPlayers = quickGame?.players.includes(choice.players) ? choice.players : quickGame?.players[0];
  const pick = (c: QuickChoice) => {
    setChoice(c);
    saveChoice(c);
  };
  const quick = () =>
    run(async () => {
      if (!quickGame || !quickPlayers) return;
      const r = await playNow({
        game: quickGame.id,
        players: quickPlayers,
        preset: quickPreset(quickGame, choice).id,
        level: quickLevel(choice),
      });
      navigate({ page: 'table', id: r.table.id, seat: r.seat });
    });

  const joinLink = () => {
    const text = link.trim();
    const m = /\/join\/([^/?#]+)/.exec(text) ?? /^([A-Za-z0-9_-]+)$/.exec(text);
    if (m) navigate({ page: 'join', code: m[1] });
    else {
      const tm = /#\/t\/([^/?#]+)/.exec(text);
      if (tm) navigate({ page: 'table', id: tm[1] });
    }
  };

  const open = tables.filter((x) => x.status !== 'over');
  return (
    <main className="lobby">
      <header className="hero">
        <LangSwitch />
        <h1>{t('lobby.title')}</h1>
        <p>{t('lobby.tagline')}</p>
        <AccountBar
          board={{
            page: 'leaderboard',
            ...(quickGame ? { game: quickGame.id, preset: quickPreset(quickGame, choice).id } : {}),
          }}
        />
      </header>
      <section className="card-box">
        {/* A signed-in player's name is his account's (the header shows it); a guest names himself. */}
        {!signedInAs() && (
          <label className="field">
            {t('lobby.name')}
            <input
              value={name}
              maxLength={32}
              onChange={(e) => setName(e.target.value)}
              autoComplete="nickname"
            />
          </label>
        )}
        {games && quickGame && quickPlayers ? (
          <fieldset className="quick-choice" data-testid="quick-choice">
            <legend>{t('lobbyAround.chooseGame')}</legend>
            {games.map((g) => (
              <div key={g.id} className="quick-game" data-game={g.id}>
                <label className="choice">
                  <input
                    type="radio"
                    name="quick-game"
                    value={g.id}
                    checked={quickGame.id === g.id}
                    onChange={() =>
                      pick({
                        game: g.id,
                        players: g.players.includes(quickPlayers) ? quickPlayers : g.players[0],
                        ...(choice.level ? { level: choice.level } : {}),
                      })
                    }
                  />
                  <span>
                    <strong>{text(g.name)}</strong>
                    {g.summary && <small>{text(g.summary)}</small>}
                  </span>
                </label>
                <RulesButton game={g} preset={quickGame.id === g.id ? quickPreset(g, choice).id : null} />
                {quickGame.id === g.id && g.players.length > 1 && (
                  <fieldset className="seg" aria-label={t('create.players')}>
                    {g.players.map((n) => (
                      <button
                        key={n}
                        type="button"
                        data-players={n}
                        aria-pressed={quickPlayers === n}
                        onClick={() => pick({ ...choice, game: g.id, players: n })}
                      >
                        {t('lobby.players', { n })}
                      </button>
                    ))}
                  </fieldset>
                )}
              </div>
            ))}
          </fieldset>
        ) : null}
        {quickGame && <QuickOptions game={quickGame} choice={choice} pick={pick} />}
        <button
          type="button"
          className="primary big"
          data-testid="quick"
          disabled={busy || !quickGame}
          onClick={quick}
        >
          {t('lobby.quick')}
        </button>
        <p className="muted" data-testid="quick-hint">
          {quickGame && quickPlayers
            ? t('lobbyAround.quickHint', {
                game: text(quickGame.name),
                n: quickPlayers,
                preset: text(quickPreset(quickGame, choice).name),
                level: t(`level.${quickLevel(choice)}`),
              })
            : t('lobby.quickHint')}
        </p>
        <div className="row">
          <button
            type="button"
            data-testid="create"
            ref={createButton}
            onClick={() => setCreating(true)}
            disabled={busy || !games}
          >
            {t('lobby.create')}
          </button>
          <button type="button" data-testid="open-replay" onClick={() => navigate({ page: 'replay' })}>
            {t('replay.title')}
          </button>
        </div>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            joinLink();
          }}
        >
          <input
            aria-label={t('lobby.joinByLink')}
            placeholder={t('lobby.linkPlaceholder')}
            value={link}
            onChange={(e) => setLink(e.target.value)}
          />
          <button type="submit">{t('lobby.joinByLink')}</button>
        </form>
        {error && (
          <p className="error" role="alert">
            {t('table.error', { reason: error })}
          </p>
        )}
      </section>
      {mine && mine.length > 0 && <MyTables tables={mine} games={games} />}
      <section className="card-box">
        <h2>{t('lobby.open')}</h2>
        {open.length === 0 ? (
          <p className="muted">{t('lobby.none')}</p>
        ) : (
          <ul className="tables">
            {open.map((x) => {
              const free = x.seats.filter((s) => s.kind === 'human' && s.name === null).length;
              return (
                <li key={x.id} data-table={x.id}>
                  <span>
                    <strong>{gameName(games, x.game, text)}</strong> · {t('lobby.players', { n: x.players })}{' '}
                    ·{' '}
                    {x.seats
                      .map((s) =>
                        s.program
                          ? `${s.name} (${t('table.bot')})`
                          : (s.name ?? (s.kind === 'bot' ? t('table.bot') : '—')),
                      )
                      .join(', ')}
                    <TableFacts
                      meta={games?.find((g) => g.id === x.game)}
                      preset={x.preset}
                      createdAt={x.createdAt}
                      progress={x.progress}
                      names={x.seats.map((s) => s.name ?? `${t('table.bot')} ${s.seat + 1}`)}
                      over={false}
                    />
                  </span>
                  <span className="row">
                    {free > 0 && x.status === 'waiting' && (
                      <button
                        type="button"
                        onClick={() => run(async () => navigate({ page: 'table', id: x.id }))}
                      >
                        {t('lobby.join')} ({t('lobby.free', { n: free })})
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => navigate({ page: 'table', id: x.id, spectate: true })}
                    >
                      {t('lobby.watch')}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {total > open.length && <p className="muted">{t('lobby.more', { n: total - open.length })}</p>}
      </section>
      {creating && games && games.length > 0 && (
        <CreateDialog
          games={games}
          initial={quickGame?.id}
          onClose={() => {
            setCreating(false);
            createButton.current?.focus();
          }}
          run={run}
        />
      )}
    </main>
  );
}

interface SeatChoice {
  kind: 'human' | 'bot';
  level: Level;
}

/** The create-table dialog, built from the games' descriptions (GET /api/games). */
function CreateDialog({
  games,
  initial,
  onClose,
  run,
}: {
  games: readonly GameMeta[];
  /** The game chosen in the lobby: the dialog opens with it. */
  initial: string | undefined;
  onClose: () => void;
  run: (f: () => Promise<void>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const text = useText();
  const [game, setGame] = useState<string>(games.find((g) => g.id === initial)?.id ?? games[0].id);
  const spec = games.find((g) => g.id === game) ?? games[0];
  const [players, setPlayers] = useState(spec.players[0]);
  const [preset, setPreset] = useState(spec.presets[0].id);
  const [options, setOptions] = useState<Record<string, OptionValue>>({});
  const [seats, setSeats] = useState<SeatChoice[]>(defaultSeats(spec.players[0]));
  const [priv, setPriv] = useState(true);
  // Hints (docs/analysis.md): null follows the server's default, on with one person against computer players.
  const [hints, setHints] = useState<boolean | null>(null);

  const pickGame = (g: string) => {
    const s = games.find((x) => x.id === g) ?? games[0];
    setGame(s.id);
    setPlayers(s.players[0]);
    setPreset(s.presets[0].id);
    setOptions({});
    setSeats(defaultSeats(s.players[0]));
  };
  const pickPlayers = (n: number) => {
    setPlayers(n);
    setSeats(defaultSeats(n));
  };
  const presetMeta = spec.presets.find((p) => p.id === preset) ?? spec.presets[0];
  const values = { ...presetMeta.options, ...options };
  const parties = spec.parties[String(players)] ?? [];
  // Seats that share a party are numbered by it where some party has partners.
  const partyOf = (seat: number) =>
    parties.some((p) => p.length > 1) ? parties.findIndex((p) => p.includes(seat)) : -1;

  const submit = () =>
    run(async () => {
      const r = await createTable({
        game: spec.id,
        players,
        preset,
        options,
        seats: seats.map((s, i) =>
          i === 0 || s.kind === 'human' ? { kind: 'human' } : { kind: 'bot', level: s.level },
        ),
        visibility: priv ? 'private' : 'public',
        seat: 0,
        ...(hints === null ? {} : { hints }),
      });
      if (r.invite) sessionStorage.setItem(`stich.invite.${r.table.id}`, r.invite.path);
      rememberHost(r.table.id);
      navigate({ page: 'table', id: r.table.id, seat: 0 });
    });

  const box = useRef<HTMLFormElement>(null);
  useDialogKeys(box, onClose);

  return (
    <div className="modal" role="dialog" aria-modal="true" aria-label={t('create.title')}>
      <form
        ref={box}
        className="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2>{t('create.title')}</h2>
        <label className="field">
          {t('create.game')}
          <select name="game" value={game} onChange={(e) => pickGame(e.target.value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {text(g.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t('create.players')}
          <select name="players" value={players} onChange={(e) => pickPlayers(Number(e.target.value))}>
            {spec.players.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>{t('create.preset')}</legend>
          {spec.presets.map((p) => (
            <label key={p.id} className="choice">
              <input
                type="radio"
                name="preset"
                value={p.id}
                checked={preset === p.id}
                onChange={() => {
                  setPreset(p.id);
                  setOptions({});
                }}
              />
              <span>
                <strong>{text(p.name)}</strong>
                <small>{text(p.description)}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <details>
          <summary>{t('create.options')}</summary>
          {spec.options.map((o) => (
            <div key={o.key} className="field opt">
              <span>
                <strong>{text(o.name)}</strong>
                <small>{text(o.description)}</small>
              </span>
              {o.kind === 'integer' ? (
                <input
                  type="number"
                  aria-label={text(o.name)}
                  min={o.min}
                  max={o.max}
                  value={Number(values[o.key])}
                  onChange={(e) => setOptions({ ...options, [o.key]: Number(e.target.value) })}
                />
              ) : (
                <select
                  aria-label={text(o.name)}
                  value={String(values[o.key])}
                  onChange={(e) => {
                    // The listed value whose text this is (booleans travel as true/false, not strings).
                    const c = o.values.find((x) => String(x.value) === e.target.value);
                    if (c) setOptions({ ...options, [o.key]: c.value });
                  }}
                >
                  {o.values.map((c) => (
                    <option key={String(c.value)} value={String(c.value)}>
                      {text(c.label)}
                    </option>
                  ))}
                </select>
              )}
            </div>
          ))}
        </details>
        <fieldset>
          <legend>{t('create.seats')}</legend>
          {seats.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <div key={i} className="seat-row" data-seat={i}>
              <span>
                {t('create.seat', { n: i + 1 })}
                {partyOf(i) >= 0 ? ` · ${t('create.team', { n: partyOf(i) + 1 })}` : ''}
              </span>
              {i === 0 ? (
                <strong>{t('create.you')}</strong>
              ) : (
                <>
                  <select
                    aria-label={t('create.seat', { n: i + 1 })}
                    value={s.kind}
                    onChange={(e) =>
                      setSeats(
                        seats.map((x, j) =>
                          j === i ? { ...x, kind: e.target.value as SeatChoice['kind'] } : x,
                        ),
                      )
                    }
                  >
                    <option value="human">{t('create.human')}</option>
                    <option value="bot">{t('create.bot')}</option>
                  </select>
                  {s.kind === 'bot' && (
                    <select
                      aria-label={t('create.level')}
                      value={s.level}
                      onChange={(e) =>
                        setSeats(
                          seats.map((x, j) => (j === i ? { ...x, level: e.target.value as Level } : x)),
                        )
                      }
                    >
                      {BOT_LEVELS.map((l) => (
                        <option key={l} value={l}>
                          {t(`level.${l}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </>
              )}
            </div>
          ))}
        </fieldset>
        <label className="choice">
          <input type="checkbox" name="private" checked={priv} onChange={(e) => setPriv(e.target.checked)} />
          <span>{t('create.private')}</span>
        </label>
        <label className="choice">
          <input
            type="checkbox"
            name="hints"
            checked={hints ?? seats.filter((x, i) => i === 0 || x.kind === 'human').length === 1}
            onChange={(e) => setHints(e.target.checked)}
          />
          <span>{t('create.hints')}</span>
        </label>
        <div className="row end">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="primary" data-testid="create-submit">
            {t('create.start')}
          </button>
        </div>
      </form>
    </div>
  );
}

const defaultSeats = (n: number): SeatChoice[] =>
  Array.from({ length: n }, (_, i) => ({ kind: i === 0 ? 'human' : 'bot', level: 'search' }));
