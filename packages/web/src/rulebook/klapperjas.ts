/** The players' rulebook of Klapper-Jas (2, 3 and 4 players; presets Anleitung and Klappern). */
export const de = `## Worum es geht

Klapper-Jas wird zu zweit, zu dritt oder zu viert mit 32 Karten (7 bis Ass) gespielt. Wer den Trumpf bestimmt, ist der **Spieler**; er muss mit seinen Stichen und Meldungen mehr Augen haben als die Gegner. Zu viert spielen die Gegenübersitzenden zusammen, zu zweit jeder für sich, zu dritt der Spieler gegen die beiden anderen, die aber jeder für sich zählen. Gewonnene Spiele bringen Punkte; wer zuerst das Ziel erreicht (Anleitung 12, Klappern 6), gewinnt die Partie.

Es gibt zwei Voreinstellungen: **Anleitung** (nach der gedruckten Spielanleitung) und **Klappern** (nach den Kurzregeln). Wo sie sich unterscheiden, steht es dabei.

## Die Karten

Von der höchsten zur niedrigsten Karte:

| Trumpf | Augen | andere Farbe | Augen |
| --- | --- | --- | --- |
| Bube (Jas) | 20 | Ass | 11 |
| Neun (Mie) | 14 | Zehn | 10 |
| Ass | 11 | König | 4 |
| Zehn | 10 | Dame | 3 |
| König | 4 | Bube | 2 |
| Dame | 3 | Neun | 0 |
| Acht | 0 | Acht | 0 |
| Sieben | 0 | Sieben | 0 |

Alle Karten zusammen zählen 152 Augen, der letzte Stich 10 dazu: 162.

## Das Geben

- **Zu viert**: jeder bekommt 8 Karten (3, 2, 3). Die 31. Karte legt der Geber offen hin: ihre Farbe ist der Vorschlag für den Trumpf. Sie gehört zu seiner Hand, alle sehen sie, bis er sie spielt.
- **Zu zweit und zu dritt**: jeder bekommt 9 Karten in drei Paketen zu 3, nimmt aber nur die ersten 6 auf; die letzten 3 liegen verdeckt, bis der Trumpf feststeht. Vom Stock liegt eine Karte quer und offen obenauf: ihre Farbe ist der Vorschlag.

Vorhand ist der Spieler links vom Geber: er spricht zuerst und spielt die erste Karte aus.

## Der Trumpf: Orgi, Kleines, besser

1. **Orgi**: reihum ab Vorhand darf jeder den Orgi spielen, also die vorgeschlagene Farbe als Trumpf. Der Erste, der Orgi sagt, ist der Spieler.
2. **Kleines**: sagen alle „weiter“, wird reihum gefragt, wer ein Kleines spielt, also eine andere Farbe. Die Farbe nennt er noch nicht.
3. **Besser**: nach einem Kleines dürfen andere „besser“ sagen: sie spielen dann Kreuz als Trumpf (gewertet wie ein Kleines). Mit der Voreinstellung **Anleitung** dürfen das nur die Spieler, die in der Kleines-Runde nach dem Kleines-Spieler kommen; mit **Klappern** jeder andere, reihum ab Vorhand. War der Vorschlag selbst Kreuz, gibt es kein besser.
4. Sagt niemand besser, nennt der Kleines-Spieler seine Farbe (jede außer der vorgeschlagenen).
5. Will niemand spielen, gibt derselbe Geber neu.

Zu zweit und zu dritt nimmt jeder nun seine drei verdeckten Karten auf.

## Die Sieben tauschen (zu zweit und zu dritt)

Wer die Sieben in der Farbe der quer liegenden Karte hat, darf sie gegen diese Karte tauschen, bevor er seine erste Karte spielt (und bevor er meldet). Die getauschte Karte kennen dann alle, bis er sie spielt. Zu viert gibt es keinen Tausch.

## Meldungen: Terz, Halber, Belle

- **Terz**: drei Karten einer Farbe in Folge (Reihenfolge 7, 8, 9, 10, Bube, Dame, König, Ass): 20 Augen. **Halber** (Fünfzig): vier in Folge, 50 Augen.
- Wann gemeldet wird, stellt der Tisch ein (**Melden**): nach der Anleitung jeder vor seiner eigenen ersten Karte, entschieden nach dem ersten Stich; nach Klappern in einer Melderunde reihum ab Vorhand vor dem ersten Ausspielen, sofort entschieden und gezeigt. Wer nicht rechtzeitig meldet, bekommt nichts.
- Es zählt nur die Partei mit der höchsten Meldung, dann aber alle ihre Meldungen (zu viert die beider Partner). Höher ist: ein Halber vor einem Terz; dann die höhere oberste Karte; dann die Meldung in Trumpf; dann die zuerst gemeldete. Mehrere Terze sind nicht höher als einer.
- **Belle**: Dame und König in Trumpf auf einer Hand, 20 Augen. Sie wird gesagt, wenn man die erste der beiden Karten spielt (der Tisch bietet dann „mit Belle“ an).
- Gemeldete Karten zählen im Stich noch einmal mit ihren Augen.

## Das Spiel

- Farbe muss bedient werden. Wer nicht bedienen kann, muss stechen (Trumpf spielen). Wird Trumpf gespielt, muss man höher stechen, wenn man kann; ist der Stich schon gestochen, muss man überstechen, wenn man kann, sonst trotzdem mit Trumpf stechen. Erst wer weder Farbe noch Trumpf hat, wirft eine beliebige Karte ab. Das gilt auch, wenn der Partner den Stich schon hat.
- Der Gewinner eines Stichs spielt zum nächsten aus. Der letzte Stich zählt 10 Augen extra.

## Kontra und Re

Sobald der Trumpf feststeht, darf ein Gegner des Spielers **Kontra** sagen, und danach der Spieler (zu viert auch sein Partner) **Re**. Jedes verdoppelt den Wert des Spiels. Bis wann, stellt der Tisch ein (**Kontra und Re**): nach der Anleitung Kontra, solange der Gegner noch alle Karten in der Hand hat, und Re vor der eigenen zweiten Karte; nach Klappern beides nur vor der ersten Karte des Spiels.

## Wer gewinnt, und was es zählt

Jede Partei zählt die Augen ihrer Stiche, den letzten Stich, ihre zählenden Meldungen und die Belle. Der Spieler (zu viert seine Partei) gewinnt, wenn er **mehr** hat als die Gegner, zu dritt mehr als jeder der beiden Gegner für sich. **Gleichstand verliert** der Spieler.

Der Wert eines Spiels (**Spielwert**): nach der Anleitung Orgi 2, Kleines (auch besser) 1; nach Klappern immer 1. Verliert der Spieler, bekommen die Gegner das Doppelte. Kontra verdoppelt, Re verdoppelt noch einmal. Zu dritt teilen sich die beiden Gegner die Punkte eines verlorenen Spiels.

**Beispiel** (zu zweit, Anleitung, Trumpf Herz als Orgi): der Spieler hat den Jas (20) und die Mie (14) gestochen, dazu 45 Augen in anderen Karten, den letzten Stich (10), einen Terz (20) und die Belle (20): 129. Der Gegner hat die übrigen 152 − 79 = 73 Augen. 129 ist mehr: der Spieler gewinnt den Orgi, 2 Punkte. Hätte der Gegner Kontra gesagt, wären es 4. Hätte der Spieler nur 73 gehabt, bekäme der Gegner 4 Punkte (mit Kontra 8).

## Die Partie

Wer zuerst die Zielpunkte erreicht, gewinnt. Zu zweit gibt der Gewinner des letzten Spiels, zu dritt und zu viert gibt reihum der Nächste. Zu dritt kann nach dem Sieger um Platz 2 weitergespielt werden (zu zweit, mit den Punkten bis dahin). Die Punkte werden auf Würfeln gezeigt.

## Was der Tisch einstellen kann

- **„Besser“ sagen**: wer nach einem Kleines besser (Kreuz) sagen darf: nur die Späteren der Kleines-Runde (Anleitung) oder jeder andere reihum ab Vorhand (Klappern).
- **Melden**: vor der eigenen ersten Karte (Anleitung) oder in einer Melderunde reihum vor dem ersten Ausspielen (Klappern).
- **Lange Folgen**: fünf und mehr Karten in Folge werden in Terz- und Halben-Blöcke geteilt (7 Karten = Halber + Terz = 70, 8 Karten = zwei Halbe = 100; beide Voreinstellungen), oder jede Folge ab vier Karten zählt als ein Halber.
- **Meldungen brauchen einen Stich**: Terz und Halber zählen nur, wenn ihre Partei einen Stich macht (Anleitung: ja; Klappern: nein). Macht sie keinen, zählt keine Meldung, auch nicht die nächstbeste.
- **Belle braucht einen Stich**: die Belle zählt nur mit einem Stich (beide Voreinstellungen: nein).
- **Kontra und Re**: Kontra mit allen Karten in der Hand und Re vor der zweiten Karte (Anleitung) oder beides nur vor der ersten Karte (Klappern).
- **Spielwert**: Orgi 2 und Kleines 1 (Anleitung) oder immer 1 (Klappern); verloren zählt doppelt für die Gegner.
- **Partie bis**: die Punkte, mit denen man gewinnt (Anleitung 12, Klappern 6; 1 bis 99).
- **Um Platz 2 weiterspielen (zu dritt)**: ja (Anleitung) oder die Partie endet mit dem Sieger (Klappern).
- **Würfel**: nur die Anzeige: ein Würfel rauf und runter wie auf dem Bierdeckel (Anleitung), zwei Würfel, oder ein Würfel bis 6 (Klappern).
`;

export const en = `## What it is about

Klapper-Jas is played by two, three or four with 32 cards (7 to Ace). Whoever fixes the trump is the **declarer**; with his tricks and melds he must have more card points (Augen) than his opponents. With four, partners sit opposite each other; with two, each plays for himself; with three, the declarer plays against the other two, who count separately. Won games score points; the first to reach the target (Anleitung 12, Klappern 6) wins the match.

There are two presets: **Anleitung** (the printed game manual) and **Klappern** (the short rules). Where they differ, it says so.

## The cards

From the highest card to the lowest:

| trump | Augen | other suit | Augen |
| --- | --- | --- | --- |
| Bube (Jas) | 20 | Ass | 11 |
| Neun (Mie) | 14 | Zehn | 10 |
| Ass | 11 | König | 4 |
| Zehn | 10 | Dame | 3 |
| König | 4 | Bube | 2 |
| Dame | 3 | Neun | 0 |
| Acht | 0 | Acht | 0 |
| Sieben | 0 | Sieben | 0 |

All cards count 152 Augen, the last trick 10 more: 162.

## The deal

- **Four players**: 8 cards each (3, 2, 3). The dealer turns the 31st card face up: its suit is the proposed trump. It belongs to his hand; everyone sees it until he plays it.
- **Two and three players**: 9 cards each in three packets of 3, but only the first 6 are taken up; the last 3 lie face down until trump is fixed. One card lies crosswise face up on the stock: its suit is the proposal.

Vorhand is the player left of the dealer: he speaks first and leads the first trick.

## Trump: Orgi, Kleines, besser

1. **Orgi**: in turn from Vorhand anyone may play the Orgi, the proposed suit as trump. The first to say Orgi is the declarer.
2. **Kleines**: if all pass, everyone is asked in turn who plays a Kleines, another suit. He does not name it yet.
3. **Besser**: after a Kleines others may say "besser": they play Kreuz (clubs) as trump, scored like a Kleines. With the **Anleitung** preset only the players after the Kleines player in the Kleines round may; with **Klappern** every other player, in turn from Vorhand. If the proposal itself was Kreuz, there is no besser.
4. If nobody says besser, the Kleines player names his suit (any but the proposed one).
5. If nobody wants to play, the same dealer deals again.

With two and three players everyone now takes up his three face-down cards.

## Exchanging the 7 (two and three players)

Who holds the 7 of the crosswise card's suit may exchange it for that card before his first card (and before he declares melds). Everyone then knows the card he took until he plays it. Not with four players.

## Melds: Terz, Halber, Belle

- **Terz**: three cards of one suit in sequence (order 7, 8, 9, 10, Bube, Dame, König, Ass): 20 Augen. **Halber** (fifty): four in sequence, 50 Augen.
- When melds are declared is a table setting (**Declaring melds**): with the Anleitung each player before his own first card, settled after the first trick; with Klappern in a meld round from Vorhand before the first lead, settled and shown at once. A meld not declared in time counts nothing.
- Only the party with the highest meld scores, but then all its melds (with four, both partners'). Higher is: a Halber before a Terz; then the higher top card; then the meld in trump; then the one declared first. Several Terze are not higher than one.
- **Belle**: trump Dame and König in one hand, 20 Augen. It is said when playing the first of the two (the table then offers "with Belle").
- Melded cards count their Augen again in the tricks.

## Play

- Follow suit. Who cannot follow must trump. When trump is led you must play higher if you can; when the trick is already trumped you must overtrump if you can, else still trump lower. Only with neither the suit nor a trump may you throw off any card. This holds even when your partner has the trick.
- The winner of a trick leads the next. The last trick counts 10 Augen extra.

## Kontra and Re

Once trump is fixed an opponent of the declarer may say **Kontra**, and after that the declarer (with four also his partner) **Re**. Each doubles the game's value. Until when is a table setting (**Kontra and Re**): with the Anleitung, Kontra while that opponent still holds all his cards and Re before one's own second card; with Klappern both only before the first card of the deal.

## Who wins, and what it counts

Each party counts the Augen of its tricks, the last trick, its counting melds and the Belle. The declarer (with four, his party) wins with **more** than the opponents; with three, more than each of the two opponents on his own. **A tie loses** for the declarer.

The game's value (**Game value**): Anleitung: Orgi 2, Kleines (also besser) 1; Klappern: always 1. If the declarer loses, the opponents get double. Kontra doubles, Re doubles again. With three, the two opponents share the points of a lost game.

**Example** (two players, Anleitung, Herz as Orgi): the declarer took the Jas (20) and the Mie (14), 45 Augen in other cards, the last trick (10), a Terz (20) and the Belle (20): 129. The opponent has the other 152 − 79 = 73 Augen. 129 is more: the declarer wins the Orgi, 2 points. Had the opponent said Kontra, 4. Had the declarer had only 73, the opponent would get 4 points (8 with Kontra).

## The match

The first to reach the target wins. With two the winner of the last game deals; with three and four the next player in turn. With three, play can go on for second place after the winner (as two players, with the points so far). Scores are shown on dice.

## What the table can set

- **Saying "besser"**: who may say besser (Kreuz) after a Kleines: only the later players of the Kleines round (Anleitung) or every other player in turn from Vorhand (Klappern).
- **Declaring melds**: before one's own first card (Anleitung) or in a meld round in turn before the first lead (Klappern).
- **Long runs**: five or more cards in sequence are split into Terz and Halber blocks (7 cards = Halber + Terz = 70, 8 cards = two Halbe = 100; both presets), or every run of four or more counts as one Halber.
- **Melds need a Stich**: Terz and Halber count only if their party takes a trick (Anleitung: yes; Klappern: no). If it takes none, no meld counts, not even the next best.
- **Belle needs a Stich**: the Belle counts only with a trick (both presets: no).
- **Kontra and Re**: Kontra with all cards in hand and Re before the second card (Anleitung), or both only before the first card (Klappern).
- **Game value**: Orgi 2 and Kleines 1 (Anleitung) or always 1 (Klappern); a lost game counts double for the opponents.
- **Match to**: the points that win (Anleitung 12, Klappern 6; 1 to 99).
- **Play on for second place (3 players)**: yes (Anleitung) or the match ends with the winner (Klappern).
- **Dice**: display only: one die up and down as on a beer coaster (Anleitung), two dice, or one die to 6 (Klappern).
`;
