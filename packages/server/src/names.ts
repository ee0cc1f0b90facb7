/**
 * Account names (docs/accounts.md, "Names"): what may be a name, and the key under which no two names that
 * read alike can both exist. The key is the UTS #39 skeleton of the NFKC, case-folded name: look-alike
 * characters (Cyrillic "а" for Latin "a", "rn" for "m", fullwidth letters, "0" for "O") map to one
 * prototype, from Unicode's confusables.txt as `unhomoglyph` ships it. Diacritics stay: "Jürgen" and
 * "Jurgen" are different names. Profanity is checked in German and English with `@2toad/profanity`.
 */
import { Profanity } from '@2toad/profanity';
import { accountNameSchema, isComputerLabel } from '@stich/protocol';
import unhomoglyph from 'unhomoglyph';

/**
 * The key of a name: NFKC, full case folding (upper then lower: "ß" and "SS" fold alike), then the skeleton
 * (NFD, confusables mapped, NFD). Runs of spaces count as one. Not for showing: "m" becomes "rn".
 */
export function nameKey(name: string): string {
  const folded = name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toUpperCase().toLowerCase();
  return unhomoglyph(folded.normalize('NFD')).normalize('NFD');
}

/** Digits people write for letters in names ("4rsch", "f1ck"); the check also reads the name so. */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
};

/**
 * German words the library's list lacks (checked 2026-11 against @2toad/profanity 3.3.0): common insults
 * and the "ss" spellings of words it lists with "ß" only. The chat masks them too (chat.ts).
 */
export const MORE_DE = [
  'hurensohn',
  'missgeburt',
  'arschgeige',
  'scheiss',
  'scheisse',
  'spast',
  'spasti',
  'wixer',
];

type NameCheck =
  | { readonly ok: true; readonly name: string; readonly key: string }
  | { readonly ok: false; readonly code: 'bad-name' | 'reserved-name'; readonly reason: string };

/** The profanity check (German and English, whole words), made once per server by `nameChecker`. */
type NameChecker = (typed: string) => NameCheck;

export function nameChecker(): NameChecker {
  const profanity = new Profanity({ languages: ['de', 'en'], wholeWord: true, unicodeWordBoundaries: true });
  profanity.addWords(MORE_DE);
  // A name is one or a few words glued by separators or digits: each part is read as a word, and the
  // whole with look-alike letters and digits read as letters ("Ar$ch", "Sh1thead") too.
  const profane = (name: string): boolean => {
    const lower = name.normalize('NFKC').toLowerCase();
    const parts = lower.replace(/[\p{N}._\-\s]+/gu, ' ');
    const leet = lower.replace(/[0-9]/g, (d) => LEET[d] ?? d).replace(/[._\-\s]+/gu, ' ');
    const skeleton = nameKey(name)
      .normalize('NFC')
      .replace(/[._\-\s]+/gu, ' ');
    const glued = lower.replace(/[._\-\s]+/gu, '');
    return [lower, parts, leet, skeleton, glued].some(
      (s) => profanity.exists(s) || profanity.exists(s.replaceAll('ss', 'ß')),
    );
  };
  return (typed) => {
    if (isComputerLabel(typed.trim()))
      return {
        ok: false,
        code: 'reserved-name',
        reason: `"${typed.trim()}" reads as a computer player's label (Bot (level)); choose another name`,
      };
    const r = accountNameSchema.safeParse(typed);
    if (!r.success) return { ok: false, code: 'bad-name', reason: `name: ${r.error.issues[0].message}` };
    const name = r.data.replace(/\s+/gu, ' ');
    if (profane(name))
      return { ok: false, code: 'bad-name', reason: 'this name is not allowed; choose another' };
    return { ok: true, name, key: nameKey(name) };
  };
}
