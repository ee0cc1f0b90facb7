/**
 * The form that sets up a tournament (POST /api/tournaments): name, public or by invitation, format (names
 * from `FORMATS`), the games the format takes, the game's preset where it has several (from the server's
 * games: the client holds no rules), rounds and games per round (the format's defaults), start time,
 * most players and computer players for empty seats. The server checks the settings; a refusal shows its
 * code's text and reason. On success the tournament's page opens.
 */
import { FORMAT_IDS, FORMATS, type FormatId } from '@stich/tournament/formats';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Note } from '../account/common.tsx';
import { InputField } from '../account/Sign.tsx';
import { useGames, useText } from '../games.ts';
import { navigate } from '../route.ts';
import { createTournament, TOURNAMENT_ENTRANTS_MAX } from './api.ts';
import { useFormatName, useRefusal } from './common.ts';

export function CreateTournament() {
  const { t } = useTranslation();
  const { games } = useGames();
  const text = useText();
  const formatName = useFormatName();
  const refusal = useRefusal();
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [format, setFormat] = useState<FormatId>('ddv');
  const f = FORMATS[format];
  // The games the format takes that this server has, in the format's order (its default first).
  const offered = f.games.flatMap((id) => games?.find((g) => g.id === id) ?? []);
  const [gameId, setGame] = useState<string>(f.games[0]);
  const game = offered.find((g) => g.id === gameId) ?? offered[0] ?? null;
  const [presetId, setPreset] = useState<string | null>(null);
  const preset = game?.presets.find((p) => p.id === presetId) ?? game?.presets[0] ?? null;
  const [rounds, setRounds] = useState(String(f.rounds));
  const [perRound, setPerRound] = useState(String(f.perRound));
  const [startsAt, setStartsAt] = useState('');
  const [maxPlayers, setMaxPlayers] = useState('16');
  const [fill, setFill] = useState(true);
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
      const created = await createTournament({
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
      navigate({ page: 'tournament', id: created.id });
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card-box" data-testid="tournament-create">
      <h2>{t('tournaments.create.title')}</h2>
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
          {t('tournaments.create.submit')}
        </button>
      </form>
    </section>
  );
}
