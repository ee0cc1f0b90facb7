/** The players' rulebook of Doppelkopf, DDV tournament rules. */
import { optionsDe, optionsEn, partiesDe, partiesEn } from './doppelkopf-common.ts';

export const de = `${partiesDe}

## Ein Spiel nach den DDV-Turnierregeln

1. **Geben**: 48 Karten mit Neunen, 12 für jeden.
2. **Vorbehalt**: reihum ab Vorhand sagt jeder **gesund** oder **Vorbehalt**. Mit „Solo sofort“ darf man statt dessen gleich ein Solo ansagen, solange vor einem niemand Vorbehalt hat.
3. **Art nennen**: wer Vorbehalt hat, nennt nun, was er spielen will (ein Solo oder eine Hochzeit): zuerst wer noch ein Pflichtsolo schuldet, dann die anderen. Das erste genannte Solo wird gespielt; eine Hochzeit nur, wenn danach niemand ein Solo nennt.
4. Ohne Vorbehalt: **Normalspiel** (oder ein stilles Solo).
5. **Ausspielen**: Vorhand; bei einem Pflichtsolo der Solist.

## Ansagen und bis wann

**Re** (die Re-Partei) und **Kontra** (die Kontra-Partei) verdoppeln nicht, sondern bringen je 2 Punkte. **Absagen** versprechen mehr: **keine 90** (die Gegner bekommen weniger als 90), **keine 60**, **keine 30**, **schwarz** (die Gegner bekommen keinen Stich). Eine höhere Absage schließt die niedrigeren mit ein. Ansagen dürfen alle vier, jederzeit zwischen den Karten, solange die Frist läuft; der Tisch zeigt bei jeder Ansage, bis wann sie geht.

Die Fristen nach **Karten auf der Hand** (bei 12 Karten; ohne Neunen zwei weniger):

| Ansage | solange du noch so viele Karten hast |
| --- | --- |
| Re / Kontra | 11 (also vor deiner zweiten Karte) |
| keine 90 | 10 |
| keine 60 | 9 |
| keine 30 | 8 |
| schwarz | 7 |

Solange du 11 Karten hast, darfst du jede Ansage machen. Die späteren Fristen gelten nur, wenn deine Partei ihr Re oder Kontra rechtzeitig gesagt hat. **Erwiderung**: hat die Gegenpartei angesagt, darf deine Partei, wenn sie noch nichts gesagt hat, Re oder Kontra länger sagen: eine Karte länger für jede Stufe der Gegner (gegen Re noch mit 10 Karten, gegen keine 90 mit 9, gegen keine 60 mit 8). In der Hochzeit beginnen die Fristen erst nach dem Klärungsstich.

## Wer gewinnt

Re braucht 121 Augen, Kontra 120. Hat nur Kontra angesagt, braucht Kontra 121. Wer keine 90 abgesagt hat, braucht mehr als 150 (keine 60: mehr als 180, keine 30: mehr als 210, schwarz: alle Stiche); die Gegner gewinnen dann schon mit 90 (60, 30, einem Stich).

## Die Abrechnung (Plus und Minus)

Der Wert eines Spiels ist die Summe:

- gewonnen: 1
- die Verlierer unter 90: 1; unter 60: 1; unter 30: 1; schwarz: 1
- Re angesagt: 2; Kontra angesagt: 2
- jede Absage (keine 90, 60, 30, schwarz), gleich von wem: 1
- gegen eine Absage 120 (90, 60, 30) erreicht: 1
- gegen die Alten (Kontra gewinnt im Normalspiel): 1
- die Sonderpunkte jeder Partei zählen für sie, die der anderen dagegen.

Jeder Gewinner bekommt den Wert, jeder Verlierer verliert ihn. Im Solo zählt der Solist dreifach. Gewinnt keine Partei (etwa nach Absagen beider), zählen nur die Punkte, die jede Partei selbst erreicht hat.

**Beispiel**: Normalspiel, Re sagt Re an und macht 190 Augen, Kontra 50. Re gewinnt: gewonnen 1, Kontra unter 90: 1, unter 60: 1, Re angesagt 2: zusammen 5. Kontra hat einen Fuchs gefangen: 1 dagegen, bleibt 4. Beide Re-Spieler bekommen +4, beide Kontra-Spieler −4.

## Die Partie

Eine Partie hat 24 Spiele. Nach jedem Spiel rückt Vorhand einen Platz weiter; nach einem Pflichtsolo (nicht nach einer Vorführung) wird mit derselben Vorhand noch einmal gespielt. **Pflichtsolo**: jeder muss ein Solo spielen; das erste Solo eines Spielers ist sein Pflichtsolo (nicht ein stilles Solo, nicht eine Hochzeit allein), jedes weitere ein Lustsolo. **Vorführung**: sind nur noch so viele Spiele übrig, wie Pflichtsoli offen sind, muss der nächste, der noch eins schuldet, ein Solo ansagen.

${optionsDe}
`;

export const en = `${partiesEn}

## A deal by the DDV tournament rules

1. **Deal**: 48 cards with nines, 12 each.
2. **Vorbehalt**: in turn from Vorhand everyone says **gesund** (healthy) or **Vorbehalt** (a reservation). With "Immediate solo" a player may declare a solo at once instead, while nobody before him has a Vorbehalt.
3. **Naming it**: who has a Vorbehalt now names what he wants to play (a solo or a Hochzeit): first those who still owe a compulsory solo, then the others. The first solo named is played; a Hochzeit only if nobody names a solo after it.
4. No Vorbehalt: a **normal game** (or a silent solo).
5. **Lead**: Vorhand; in a compulsory solo the soloist.

## Announcements and until when

**Re** (by the Re party) and **Kontra** (by the Kontra party) do not double but bring 2 points each. **Absagen** promise more: **keine 90** (the opponents get less than 90), **keine 60**, **keine 30**, **schwarz** (the opponents get no trick). A higher one includes the lower ones. Any of the four may announce, at any time between the cards, while the deadline runs; the table shows each announcement's deadline.

Deadlines by **cards in hand** (with 12 cards; without nines two fewer):

| announcement | while you still hold this many cards |
| --- | --- |
| Re / Kontra | 11 (so before your second card) |
| keine 90 | 10 |
| keine 60 | 9 |
| keine 30 | 8 |
| schwarz | 7 |

While you hold 11 cards you may make any announcement. The later deadlines hold only if your party said its Re or Kontra in time. **Reply** (Erwiderung): when the other party has announced, your party, if it has said nothing yet, may say Re or Kontra longer: one card longer for each level of theirs (against Re still with 10 cards, against keine 90 with 9, against keine 60 with 8). In a Hochzeit the deadlines start after the Klärungsstich.

## Who wins

Re needs 121 Augen, Kontra 120. If only Kontra announced, Kontra needs 121. Who announced keine 90 needs more than 150 (keine 60: more than 180, keine 30: more than 210, schwarz: every trick); the opponents then win with 90 (60, 30, one trick).

## Scoring (plus and minus)

A deal's value is the sum of:

- won: 1
- losers under 90: 1; under 60: 1; under 30: 1; schwarz: 1
- Re announced: 2; Kontra announced: 2
- each Absage (keine 90, 60, 30, schwarz), whoever made it: 1
- 120 (90, 60, 30) reached against an Absage: 1
- against the Alten (Kontra wins a normal game): 1
- each party's special points count for it, the other party's against it.

Each winner gains the value, each loser loses it. In a solo the soloist counts three times. If neither party wins (after Absagen on both sides, say), only what each party reached itself counts.

**Example**: a normal game; Re announces Re and takes 190 Augen, Kontra 50. Re wins: won 1, Kontra under 90: 1, under 60: 1, Re announced 2: 5 together. Kontra caught a Fuchs: 1 against, 4 remain. Both Re players get +4, both Kontra players −4.

## The match

A match has 24 games. After each game Vorhand moves one seat on; after a compulsory solo (not after a Vorführung) the same Vorhand plays again. **Compulsory solo** (Pflichtsolo): everyone must play a solo; a player's first solo is his compulsory one (not a silent solo, not a Hochzeit played alone), any further one is a Lustsolo. **Vorführung**: when only as many games are left as compulsory solos are open, the next player who still owes one must declare a solo.

${optionsEn}
`;
