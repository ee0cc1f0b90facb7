/** A fixed deal of Mini for the tests, one suit block per seat so that who follows and who takes is plain. */
import type { Card, TrickDeal } from '../../../src/index.ts';

export const cards = (s: string): Card[] => s.split(' ') as Card[];

/** Seat 0 holds low Clubs and Spades, seat 1 high Clubs and low Hearts, seat 2 high Spades and Hearts, seat 3 the Diamonds. */
export const DEAL: TrickDeal = {
  hands: [
    cards('C7 C8 C9 CT S7 S8 S9 ST'),
    cards('CJ CQ CK CA H7 H8 H9 HT'),
    cards('SJ SQ SK SA HJ HQ HK HA'),
    cards('D7 D8 D9 DT DJ DQ DK DA'),
  ],
};
