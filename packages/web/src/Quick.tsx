/**
 * The quick game's choices beside the game and player count: the rules preset (where the game has
 * several, e.g. Doppelkopf DDV or house rules) and the computers' strength, each level with one line on
 * what it does. Remembered with the game in localStorage (`stich.quick`).
 */
import type { BotLevel, GameMeta } from '@stich/protocol';
import { BOT_LEVELS } from '@stich/protocol/levels';
import { useTranslation } from 'react-i18next';
import { useText } from './games.ts';

/** The quick game: which game at how many players, with which preset and computers. */
export interface QuickChoice {
  readonly game: string;
  readonly players: number;
  readonly preset?: string;
  readonly level?: BotLevel;
}

const QUICK_KEY = 'stich.quick';

export function savedChoice(): QuickChoice {
  try {
    const c = JSON.parse(localStorage.getItem(QUICK_KEY) ?? 'null') as Partial<QuickChoice> | null;
    if (c && typeof c.game === 'string' && typeof c.players === 'number')
      return {
        game: c.game,
        players: c.players,
        ...(typeof c.preset === 'string' ? { preset: c.preset } : {}),
        ...(BOT_LEVELS.includes(c.level as BotLevel) ? { level: c.level } : {}),
      };
  } catch {
    // nothing remembered
  }
  return { game: 'klapperjas', players: 4 };
}

export function saveChoice(c: QuickChoice): void {
  try {
    localStorage.setItem(QUICK_KEY, JSON.stringify(c));
  } catch {
    // storage blocked: the choice holds for this page
  }
}

/** The remembered preset if the game has it, else its first; the remembered level, else the strongest. */
export const quickPreset = (g: GameMeta, c: QuickChoice): GameMeta['presets'][number] =>
  g.presets.find((p) => p.id === c.preset) ?? g.presets[0];
export const quickLevel = (c: QuickChoice): BotLevel => c.level ?? 'search';

export function QuickOptions({
  game,
  choice,
  pick,
}: {
  game: GameMeta;
  choice: QuickChoice;
  pick: (c: QuickChoice) => void;
}) {
  const { t } = useTranslation();
  const text = useText();
  const preset = quickPreset(game, choice);
  const level = quickLevel(choice);
  return (
    <div className="quick-options">
      {game.presets.length > 1 && (
        <fieldset className="quick-preset" data-testid="quick-preset">
          <legend>{t('lobbyAround.quickPreset')}</legend>
          {game.presets.map((p) => (
            <label key={p.id} className="choice">
              <input
                type="radio"
                name="quick-preset"
                value={p.id}
                checked={p.id === preset.id}
                onChange={() => pick({ ...choice, preset: p.id })}
              />
              <span>
                <strong>{text(p.name)}</strong>
                <small>{text(p.description)}</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="quick-level" data-testid="quick-level">
        <legend>{t('lobbyAround.quickLevel')}</legend>
        {BOT_LEVELS.map((l) => (
          <label key={l} className="choice">
            <input
              type="radio"
              name="quick-level"
              value={l}
              checked={l === level}
              onChange={() => pick({ ...choice, level: l })}
            />
            <span>
              <strong>{t(`level.${l}`)}</strong>
              <small>{t(`levelHint.${l}`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
