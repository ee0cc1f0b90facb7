/** The players' rulebook of classic two-player Klaberjass (preset Hoyle). */
export const de = `## Worum es geht

Klassischer Klaberjass zu zweit mit 32 Karten (7 bis Ass). Wer den Trumpf annimmt oder nennt, ist der **Macher**. Beide zählen nach jedem Spiel ihre Punkte aus Stichen, Sequenzen und Bella; hat der Macher weniger oder gleich viel, bekommt er nichts. Wer zuerst 500 Punkte hat, gewinnt die Partie.

## Die Karten

Von der höchsten zur niedrigsten Karte:

| Trumpf | Punkte | andere Farbe | Punkte |
| --- | --- | --- | --- |
| Bube (Jass) | 20 | Ass | 11 |
| Neun (Menel) | 14 | Zehn | 10 |
| Ass | 11 | König | 4 |
| Zehn | 10 | Dame | 3 |
| König | 4 | Bube | 2 |
| Dame | 3 | Neun | 0 |
| Acht | 0 | Acht | 0 |
| Sieben | 0 | Sieben | 0 |

Die Karten zählen zusammen 152, der letzte Stich 10 dazu.

## Das Geben

Jeder bekommt 6 Karten (zweimal 3), die 13. Karte wird aufgedeckt: ihre Farbe ist der Vorschlag für den Trumpf. Der Rest ist der Stock. Steht der Trumpf fest, bekommt jeder 3 weitere Karten vom Stock (erst der Nicht-Geber, dann der Geber). Nach jedem gespielten Spiel wechselt der Geber.

## Der Trumpf: nehmen, weiter, Schmeiss

**Erste Runde.** Der Nicht-Geber spricht zuerst:
- **Nehmen**: die aufgedeckte Farbe ist Trumpf, er ist der Macher.
- **Weiter**: dann hat der Geber dieselbe Wahl.
- **Schmeiss**: er bietet an, die Karten hinzuwerfen. Der andere **nimmt an** (es wird neu gegeben, vom selben Geber) oder **lehnt ab**: dann ist die aufgedeckte Farbe Trumpf und wer Schmeiss sagte, ist der Macher.

**Zweite Runde.** Sagen beide weiter, darf jeder (Nicht-Geber zuerst) eine andere Farbe **nennen**; der Erste ist der Macher. Sagen wieder beide weiter, gibt derselbe Geber neu.

## Die Trumpf-Sieben tauschen

Nach den drei Zusatzkarten wird jeder gefragt (Nicht-Geber zuerst): wer die Sieben in Trumpf hat, darf sie gegen die aufgedeckte Karte tauschen. Gefragt werden beide, damit niemand erfährt, wo die Sieben ist. Wird nicht getauscht, ist die aufgedeckte Karte aus dem Spiel.

## Sequenzen: „gut“ oder „nicht gut“

Eine Sequenz sind drei oder mehr Karten einer Farbe in Folge, in der Reihenfolge Ass, König, Dame, Bube, 10, 9, 8, 7: drei Karten zählen 20, vier oder mehr 50. Vor dem ersten Stich wird verglichen, nur der Bessere zählt dann alle seine Sequenzen:

1. Der Nicht-Geber sagt den Wert seiner besten Sequenz (20 oder 50), oder passt.
2. Der Geber antwortet **gut** (er hat nichts so Gutes), **nicht gut** (er hat Besseres) oder **gleich** („wie hoch?“).
3. Nach „gleich“ nennt der Nicht-Geber seine höchste Karte, der Geber antwortet wieder. Bei gleicher höchster Karte gewinnt die Sequenz in Trumpf, sonst der Nicht-Geber.
4. Passt der Nicht-Geber, sagt der Geber seine Sequenz an, wenn er eine hat, und gewinnt damit.

Am Tisch sagt jeder nur die Wahrheit: es wird immer genau die zutreffende Antwort angeboten. Die Sequenzen des Gewinners werden nach dem ersten Stich gezeigt.

## Das Spiel

- Der Nicht-Geber spielt aus, der Gewinner eines Stichs spielt zum nächsten aus.
- Farbe bedienen; auf Trumpf muss man höher stechen, wenn man kann. Wer nicht bedienen kann, muss Trumpf spielen, wenn er hat; sonst eine beliebige Karte.
- **Bella**: wer König und Dame in Trumpf hatte, darf beim Spielen der zweiten davon „Bella“ sagen: 20 Punkte. Er muss nicht (siehe Beispiel).
- Der letzte Stich zählt 10 Punkte extra.

## Die Abrechnung

Jeder zählt: Punkte in seinen Stichen + letzter Stich + gewonnene Sequenzen + Bella.

| Ergebnis | der Macher bekommt | der Gegner bekommt |
| --- | --- |
| Macher hat mehr | seine Punkte | seine Punkte |
| Gleichstand | 0 | seine Punkte |
| Macher hat weniger | 0 | beide Summen |

**Beispiel**: Trumpf Herz, der Nicht-Geber nimmt. Er sagt „20“ (Herz Bube-10-9), der Geber „gleich“, er nennt den Buben, der Geber „nicht gut“ (Karo Ass-König-Dame): die Sequenz zählt für den Geber. Der Nicht-Geber macht alle neun Stiche: 136 + 10 für den letzten = 146. Der Geber hat 0 in Stichen + 20 Sequenz + 20 Bella = 40. Der Macher hat mehr: beide schreiben ihre Punkte, 146 und 40. Hätte der Geber genommen und so verloren, bekäme er 0 und der Nicht-Geber 186; ohne Bella zu sagen nur 166: darum darf man auf die Bella verzichten.

## Die Partie

Die Partie endet nach dem Spiel, in dem einer das Ziel erreicht; erreichen es beide, gewinnt der Höhere. Bei Gleichstand über dem Ziel wird weitergespielt, bis es einen Unterschied gibt.

## Was der Tisch einstellen kann

- **Partie bis**: die Punkte, mit denen man gewinnt (500; 1 bis 100000).
- **Sequenzen vergleichen**: nach Wert (eine Fünfzig schlägt eine Zwanzig, eine längere Fünfzig ist nicht höher; dann die höchste Karte) oder nach Länge (fünf Karten schlagen vier, dann die höchste Karte).
`;

export const en = `## What it is about

Classic two-player Klaberjass with 32 cards (7 to Ace). Whoever takes or names trump is the **maker**. After each deal both count their points from tricks, sequences and Bella; if the maker has fewer or the same, he scores nothing. The first to 500 points wins the match.

## The cards

From the highest card to the lowest:

| trump | points | other suit | points |
| --- | --- | --- | --- |
| Bube (Jass) | 20 | Ass | 11 |
| Neun (Menel) | 14 | Zehn | 10 |
| Ass | 11 | König | 4 |
| Zehn | 10 | Dame | 3 |
| König | 4 | Bube | 2 |
| Dame | 3 | Neun | 0 |
| Acht | 0 | Acht | 0 |
| Sieben | 0 | Sieben | 0 |

The cards count 152 together, the last trick 10 more.

## The deal

Each player gets 6 cards (twice 3), the 13th card is turned up: its suit is the proposed trump. The rest is the stock. Once trump is fixed each gets 3 more cards from the stock (non-dealer first). The deal alternates after every played deal.

## Trump: take, pass, Schmeiss

**First round.** The non-dealer speaks first:
- **Take**: the turned suit is trump, he is the maker.
- **Pass**: the dealer then has the same choice.
- **Schmeiss**: he offers to throw the hands in. The other **accepts** (the same dealer deals again) or **refuses**: then the turned suit is trump and whoever said Schmeiss is the maker.

**Second round.** If both passed, each (non-dealer first) may **name** another suit; the first to do so is the maker. If both pass again, the same dealer deals again.

## Exchanging the trump 7

After the three extra cards each player is asked (non-dealer first): who holds the trump 7 may exchange it for the turned card. Both are asked so that nobody learns where the 7 is. Without an exchange the turned card is out of play.

## Sequences: "good" or "not good"

A sequence is three or more cards of one suit in a row, in the order Ace, King, Queen, Jack, 10, 9, 8, 7: three cards count 20, four or more 50. Before the first trick they are compared; only the better player scores, and then all his sequences:

1. The non-dealer states the value of his best sequence (20 or 50), or passes.
2. The dealer answers **good** (he has nothing as good), **not good** (he has better) or **equal** ("how high?").
3. After "equal" the non-dealer names his top card and the dealer answers again. With the same top card the sequence in trump wins, otherwise the non-dealer.
4. If the non-dealer passes, the dealer states his sequence if he has one, and wins with it.

At this table everyone tells the truth: exactly the true answer is offered. The winner's sequences are shown after the first trick.

## Play

- The non-dealer leads; the winner of a trick leads the next.
- Follow suit; on a trump lead you must head the trick if you can. Who cannot follow must trump if he can; otherwise any card.
- **Bella**: who held trump King and Queen may say "Bella" when playing the second of them: 20 points. He need not (see the example).
- The last trick counts 10 extra.

## Scoring

Each counts: points in his tricks + last trick + won sequences + Bella.

| result | the maker scores | the opponent scores |
| --- | --- |
| maker has more | his points | his points |
| tie | 0 | his points |
| maker has less | 0 | both totals |

**Example**: Herz trump, the non-dealer takes. He says "20" (Herz Jack-10-9), the dealer "equal", he names the Jack, the dealer "not good" (Karo Ace-King-Queen): the sequence counts for the dealer. The non-dealer takes all nine tricks: 136 + 10 for the last = 146. The dealer has 0 in tricks + 20 sequence + 20 Bella = 40. The maker has more: both score their points, 146 and 40. Had the dealer been the maker and lost like this, he would score 0 and the non-dealer 186; without claiming Bella only 166: that is why Bella may be left unclaimed.

## The match

The match ends after the deal in which a player reaches the target; if both do, the higher score wins. On equal scores above the target play goes on until they differ.

## What the table can set

- **Match to**: the points that win (500; 1 to 100000).
- **Comparing sequences**: by value (a fifty beats a twenty, a longer fifty is not higher; then the top card) or by length (five cards beat four, then the top card).
`;
