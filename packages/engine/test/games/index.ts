/**
 * The games that live only in the tests, each a folder beside this file. The conformance suite runs over the
 * registered games and these; a test game joins by its folder and its line here.
 */
import type { ConformanceEntry } from '../conformance.ts';
import { miniEntry } from './mini/index.ts';

export const TEST_GAMES: readonly ConformanceEntry[] = [miniEntry];
