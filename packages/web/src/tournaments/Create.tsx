/**
 * The form that sets up a tournament (POST /api/tournaments) and, given the tournament, edits it before its
 * start (PATCH /api/tournaments/:id, the organizer's): name, public or by invitation, format (names from
 * `FORMATS`), the games the format takes, the game's preset where it has several (from the server's games:
 * the client holds no rules), rounds and games per round (the format's defaults), start time, most players
 * and computer players for empty seats. The server checks the settings; a refusal shows its code's text and
 * reason. On success a new tournament's page opens; an edit calls `done`.
 */
import type { TournamentDetail } from '@stich/protocol';
import { FORMAT_IDS, FORMATS, type FormatId } from '@stich/tournament/formats';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Note } from '../account/common.tsx';
import { InputField } from '../account/Sign.tsx';
import { useGames, useText } from '../games.ts';
import { navigate } from '../route.ts';
import { createTournament, editTournament, type NewTournament, TOURNAMENT_ENTRANTS_MAX } from './api.ts';
import { useFormatName, useRefusal } from './common.ts';

export function CreateTournament() {
  return (
    <TournamentForm
      send={async (body) => {
        const created = await createTournament(body);
        navigate({ page: 'tournament', id: created.id });
      }}
    />
  );
}

/** The organizer's edit of `detail` before its start: the same form, filled with its name and settings. */
export function EditTournament({
  detail,
  done,
  refused,
  close,
}: {
  detail: TournamentDetail;
  done: () => void;
  /** After a refusal: the tournament may have changed under the form (started, say). */
  refused: () => void;
  close: () => void;
}) {
  return (
    <TournamentForm
      detail={detail}
      close={close}
      send={async (body) => {
        try {
          await editTournament(detail.id, body);
        } catch (e) {
          refused();
          throw e;
        }
        done();
      }}
    />
  );
}

/** A time in ms as the value of a `datetime-local` input (local time, to the minute). */
function localInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function TournamentForm({
  detail,
  close,
  send,
}: {
  /** The tournament to edit; none: a new one. */
  detail?: TournamentDetail;
  /** Leaves the edit unsaved. */
  close?: () => void;
  /** Sends the form; a refusal is thrown (`AccountError`) and shown. */
  send: (body: NewTournament) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { games } = useGames();
  const text = useText();
  const formatName = useFormatName();
  const refusal = useRefusal();
  const was = detail?.settings;
  const editing = detail !== undefined;
  const [name, setName] = useState(detail?.name ?? '');
  const [isPublic, setPublic] = useState(detail?.public ?? true);
  const [format, setFormat] = useState<FormatId>(was?.format ?? 'ddv');
  const f = FORMATS[format];
  // The games the format takes that this server has, in the format's order (its default first).
  const offered = f.games.flatMap((id) => games?.find((g) => g.id === id) ?? []);
  const [gameId, setGame] = useState<string>(was?.game ?? f.games[0]);
  const game = offered.find((g) => g.id === gameId) ?? offered[0] ?? null;
  const [presetId, setPreset] = useState<string | null>(was?.preset ?? null);
  const preset = game?.presets.find((p) => p.id === presetId) ?? game?.presets[0] ?? null;
  const [rounds, setRounds] = useState(String(was?.rounds ?? f.rounds));
  const [perRound, setPerRound] = useState(String(was?.games ?? f.perRound));
  const [startsAt, setStartsAt] = useState(localInput(was?.startsAt ?? null));
  const [maxPlayers, setMaxPlayers] = useState(String(was?.maxPlayers ?? 16));
  const [fill, setFill] = useState(was?.fill ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; code: string } | null>(null);

  const chooseFormat = (id: FormatId) => {
    setFormat(id);
    setGame(FORMATS[id].games[0]);
    setPreset(null);
    setRounds(String(FORMATS[id].rounds));
    setPerRound(String(FORMATS[id].perRound));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!game) return;
    setBusy(true);
    setError(null);
    const when = startsAt ? new Date(startsAt).getTime() : null;
    try {
      await send({
        name: name.trim(),
        public: isPublic,
        settings: {
          format,
          game: game.id,
          // Several presets: the one chosen; otherwise the game's default.
          ...(game.presets.length > 1 && preset ? { preset: preset.id } : {}),
          rounds: Number(rounds),
          // A Swiss round is one whole match: no games per round to set.
          ...(format === 'swiss' ? {} : { games: Number(perRound) }),
          startsAt: when !== null && Number.isFinite(when) ? when : null,
          maxPlayers: Number(maxPlayers),
          fill,
        },
      });
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card-box" data-testid={editing ? 'tournament-edit' : 'tournament-create'}>
      <h2>{t(editing ? 'tournaments.edit.title' : 'tournaments.create.title')}</h2>
      <form className="account-form" onSubmit={submit}>
        <InputField
          label={t('tournaments.create.name')}
          problem={null}
          value={name}
          set={setName}
          name="name"
          maxLength={60}
          required
        />
        <fieldset className="choice">
          <legend>{t('tournaments.create.visibility')}</legend>
          <label>
            <input type="radio" name="visibility" checked={isPublic} onChange={() => setPublic(true)} />{' '}
            {t('tournaments.create.public')}
          </label>
          <label>
            <input
              type="radio"
              name="visibility"
              value="invite"
              checked={!isPublic}
              onChange={() => setPublic(false)}
            />{' '}
            {t('tournaments.create.invite')}
          </label>
        </fieldset>
        <div className="row">
          <label className="field">
            {t('tournaments.create.format')}
            <select name="format" value={format} onChange={(e) => chooseFormat(e.target.value as FormatId)}>
              {FORMAT_IDS.map((id) => (
                <option key={id} value={id}>
                  {formatName(id)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('tournaments.create.game')}
            <select
              name="game"
              value={game?.id ?? ''}
              onChange={(e) => {
                setGame(e.target.value);
                setPreset(null);
              }}
            >
              {offered.map((g) => (
                <option key={g.id} value={g.id}>
                  {text(g.name)}
                </option>
              ))}
            </select>
          </label>
          {game && game.presets.length > 1 && preset && (
            <label className="field">
              {t('tournaments.create.preset')}
              <select name="preset" value={preset.id} onChange={(e) => setPreset(e.target.value)}>
                {game.presets.map((p) => (
                  <option key={p.id} value={p.id}>
                    {text(p.name)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <div className="row">
          <label className="field">
            {t(`tournaments.create.rounds.${f.round}`)}
            <input
              type="number"
              name="rounds"
              min={format === 'swiss' ? 0 : 1}
              max={100}
              value={rounds}
              onChange={(e) => setRounds(e.target.value)}
              required
            />
            {format === 'swiss' && <span className="muted">{t('tournaments.create.roundsAuto')}</span>}
          </label>
          {format !== 'swiss' && (
            <label className="field">
              {t(`tournaments.create.games.${f.round}`)}
              <input
                type="number"
                name="games"
                min={format === 'ddv' || format === 'differenzler' ? 4 : 1}
                max={200}
                value={perRound}
                onChange={(e) => setPerRound(e.target.value)}
                required
              />
            </label>
          )}
          <label className="field">
            {t('tournaments.create.maxPlayers')}
            <input
              type="number"
              name="maxPlayers"
              min={2}
              max={TOURNAMENT_ENTRANTS_MAX}
              value={maxPlayers}
              onChange={(e) => setMaxPlayers(e.target.value)}
              required
            />
          </label>
        </div>
        <label className="field">
          {t('tournaments.create.startsAt')}
          <input
            type="datetime-local"
            name="startsAt"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
          />
        </label>
        <label>
          <input type="checkbox" name="fill" checked={fill} onChange={(e) => setFill(e.target.checked)} />{' '}
          {t('tournaments.create.fill')}
        </label>
        {error && (
          <div data-testid="create-error" data-code={error.code}>
            <Note error={error.text} />
          </div>
        )}
        <button type="submit" className="primary" disabled={busy || !game || name.trim() === ''}>
          {t(editing ? 'tournaments.edit.submit' : 'tournaments.create.submit')}
        </button>
        {close && (
          <button type="button" data-testid="edit-close" onClick={close}>
            {t('tournaments.edit.close')}
          </button>
        )}
      </form>
    </section>
  );
}
