/** The bot levels alone, for the browser: this file carries neither zod nor the engine's games. */
export { BOT_LEVELS, type BotLevel } from '@stich/engine/levels';
