/**
 * The computer players' levels, named once for the bots, the protocol, the server and the browser (which
 * imports this file alone, `@stich/engine/levels`, to keep the engine and zod out of its bundle).
 */
export const BOT_LEVELS = ['random', 'rule', 'search'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
