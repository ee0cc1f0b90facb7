/**
 * The players' rulebook of each game and preset, German and English (docs/rules stay the developers'
 * documents). Each book is its own module, loaded only when the rules dialog opens, so the first screen's
 * bundle does not carry it.
 */
export type Lang = 'de' | 'en';

export interface Book {
  readonly de: string;
  readonly en: string;
}

/** Games with a book of their own for each preset (the others' books say where presets differ). */
export const BOOK_PER_PRESET: ReadonlySet<string> = new Set(['doppelkopf']);

/** The book for `game` at `preset` (a game with one book for all its presets ignores it); null: none. */
export async function loadRulebook(game: string, preset: string | undefined): Promise<Book | null> {
  switch (game) {
    case 'klapperjas':
      return import('./klapperjas.ts');
    case 'klaberjass':
      return import('./klaberjass.ts');
    case 'differenzler':
      return import('./differenzler.ts');
    case 'doppelkopf':
      return preset === 'ddv' ? import('./doppelkopf-ddv.ts') : import('./doppelkopf-house.ts');
    default:
      return null;
  }
}
