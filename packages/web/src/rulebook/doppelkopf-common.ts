/** What both Doppelkopf rulebooks (DDV and house rules) say alike: the parties, solos, and every table option. */

export const partiesDe = `## Worum es geht

Doppelkopf spielen vier mit einem doppelten Blatt: jede Karte gibt es zweimal. Es gibt zwei Parteien: **Re** sind die beiden Spieler mit den Kreuz-Damen („die Alten“), **Kontra** die beiden anderen. Wer zu wem gehört, erfährt man meist erst im Spiel: wenn jemand eine Kreuz-Dame spielt, Re oder Kontra ansagt. Re gewinnt in der Regel mit 121 Augen, Kontra mit 120 (von 240). Im Solo spielt einer allein gegen drei.

## Die Karten

Ass 11, Zehn 10, König 4, Dame 3, Bube 2, Neun 0 Augen; zusammen 240.

**Trümpfe** im Normalspiel, von hoch nach tief: Herz-Zehn (**Dulle**), die Damen (Kreuz, Pik, Herz, Karo), die Buben (Kreuz, Pik, Herz, Karo), dann Karo Ass (**Fuchs**), Zehn, König (und Neun). Alle Trümpfe gelten als eine Farbe. In den anderen Farben: Ass, Zehn, König (und Neun); in Herz nur Ass, König (und Neun), weil die Herz-Zehn Trumpf ist. Von zwei gleichen Karten sticht die zuerst gespielte (zu den Dullen siehe die Einstellung **Zwei Dullen**). Der **Kreuz-Bube** heißt **Karlchen**.

## Spielen

Vorhand (links vom Geber) spielt aus, wo nichts anderes gesagt ist. Wer die ausgespielte Farbe hat (Trumpf ist eine Farbe), muss sie bedienen; sonst darf er jede Karte spielen. Den Stich gewinnt der höchste Trumpf, sonst die höchste Karte der ausgespielten Farbe; der Gewinner spielt zum nächsten aus.

## Hochzeit und stilles Solo

Wer beide Kreuz-Damen hat, kann eine **Hochzeit** ansagen: sein Partner wird, wer von den anderen als Erster einen der ersten drei Stiche macht (der **Klärungsstich**). Macht er die ersten drei Stiche selbst, spielt er allein, gewertet wie ein Solo. Bis zum Klärungsstich wird nichts angesagt, danach verschieben sich die Fristen um die Stiche, die er gedauert hat. Sagt er nichts, spielt er ein **stilles Solo**: allein, aber die anderen halten es für ein Normalspiel.

## Soli

- **Damensolo**: nur die Damen sind Trumpf. **Bubensolo**: nur die Buben.
- **Karo-Solo**: Trümpfe wie im Normalspiel. **Herz-, Pik-, Kreuz-Solo**: Dullen, Damen, Buben, dann Ass, Zehn, König (Neun) der Solofarbe.
- **Fleischlos**: keine Trümpfe.

Der Solist ist Re und spielt allein gegen drei. Im Solo gibt es keine Sonderpunkte.

## Sonderpunkte (nicht im Solo)

- **Fuchs gefangen**: ein Karo-Ass geht in einen Stich der Gegenpartei: ein Punkt für sie.
- **Karlchen**: der Kreuz-Bube macht den letzten Stich: ein Punkt für seine Partei.
- **Doppelkopf**: ein Stich mit 40 oder mehr Augen: ein Punkt für die Partei, die ihn macht.`;

export const partiesEn = `## What it is about

Doppelkopf is played by four with a doubled deck: every card exists twice. There are two parties: **Re** are the two players holding the Kreuz-Damen (queens of clubs, "die Alten"), **Kontra** the other two. Who belongs to whom is usually learnt during play: when someone plays a Kreuz-Dame or announces Re or Kontra. Re normally wins with 121 card points (Augen), Kontra with 120 (of 240). In a solo one plays alone against three.

## The cards

Ass 11, Zehn 10, König 4, Dame 3, Bube 2, Neun 0 Augen; 240 in all.

**Trumps** in a normal game, high to low: Herz-Zehn (**Dulle**), the Damen (Kreuz, Pik, Herz, Karo), the Buben (Kreuz, Pik, Herz, Karo), then Karo Ass (**Fuchs**), Zehn, König (and Neun). All trumps count as one suit. In the other suits: Ass, Zehn, König (and Neun); in Herz only Ass, König (and Neun), as the Herz-Zehn is trump. Of two equal cards the first played wins (for the Dullen see the setting **Two Dullen**). The **Kreuz-Bube** is called **Karlchen**.

## Play

Vorhand (left of the dealer) leads unless said otherwise. Who holds the suit led (trump is one suit) must follow; otherwise any card. The highest trump wins the trick, else the highest card of the suit led; the winner leads the next.

## Hochzeit and silent solo

Who holds both Kreuz-Damen may declare a **Hochzeit** (wedding): his partner is the first other player to win one of the first three tricks (the **Klärungsstich**). If he wins the first three himself he plays alone, scored like a solo. Nothing is announced before the Klärungsstich; after it the deadlines move by the tricks it took. If he says nothing he plays a **stilles Solo**: alone, while the others take it for a normal game.

## Solos

- **Damensolo**: only the Damen are trump. **Bubensolo**: only the Buben.
- **Karo-Solo**: trumps as in a normal game. **Herz-, Pik-, Kreuz-Solo**: Dullen, Damen, Buben, then Ass, Zehn, König (Neun) of the solo suit.
- **Fleischlos**: no trumps.

The soloist is Re and plays alone against three. A solo has no special points.

## Special points (Sonderpunkte; not in a solo)

- **Fuchs gefangen**: a Karo-Ass goes into a trick of the other party: one point to that party.
- **Karlchen**: the Kreuz-Bube takes the last trick: one point to its party.
- **Doppelkopf**: a trick of 40 or more Augen: one point to the party that takes it.`;

export const optionsDe = `## Was der Tisch einstellen kann

In Klammern: DDV / Hausregeln.

- **Spiele**: wie viele Spiele eine Partie hat (24 / 24; 1 bis 1000).
- **Pflichtsolo**: jeder muss in der Partie ein Solo spielen; wer es am Ende noch schuldet, muss es vorführen (ja / nein).
- **Mit Neunen**: 48 Karten mit Neunen, 12 für jeden, oder 40 ohne, 10 für jeden (ja / nein).
- **Zwei Dullen**: liegen beide Herz-Zehnen in einem Stich, sticht die erste (DDV) oder die zweite (Hausregeln).
- **Solo sofort**: im Vorbehaltsgang darf man ein Solo gleich ansagen, solange vor einem niemand Vorbehalt hat (ja / nein; nur mit dem Melden nach DDV).
- **Ansagefristen**: nach Karten auf der Hand (DDV) oder nach gespielten Karten, vor der zweiten Karte des 2., 3., 4. … Stichs (Hausregeln).
- **Abrechnung**: der DDV-Spielwert in Plus und Minus, oder die Punkte der Hausregeln, die Re und Kontra verdoppeln.
- **Melden**: Vorbehalt und dann die Art (DDV), oder die Hausregeln: Krankheit zuerst, Solo vor Armut vor Hochzeit, mehrere Solisten reizen mit ihren Ansagen, Hochzeit und Armut als verdeckter Vorbehalt.
- **Krankheit**: wer fünf oder mehr Könige hat, darf auf neues Geben bestehen; es wird sofort neu gegeben (nein / ja; nur mit dem Melden der Hausregeln).
- **Armut**: ohne Armut (DDV); der Arme gibt nur seine Trümpfe und bekommt gleich viele zurück (Hausregeln); oder er gibt immer drei Karten, alle Trümpfe und dazu Karten seiner Wahl (nur mit dem Melden der Hausregeln).
- **Schwein**: ohne Schweine (DDV); oder der zweite Fuchs einer Hand wird höchster Trumpf, sobald der erste einen Stich gemacht hat (Hausregeln), sobald seine Partei den ersten heimgebracht hat, oder sobald der erste in irgendeinem Stich gespielt wurde.
- **Gutschrift**: bei der Abrechnung der Hausregeln bekommen nur die Gewinner die Punkte (Hausregeln), oder Plus-Minus: die Verlierer verlieren sie, ein Einzelspieler dreifach.
- **Fuchs gefangen**, **Karlchen**, **Doppelkopf**: welche Sonderpunkte zählen (alle drei in beiden Voreinstellungen).
- **Soli**: welche Soli gespielt werden dürfen, auch als Pflichtsolo: alle, alle außer Fleischlos, oder nur Damen- und Bubensolo (alle / alle).

Manche Einstellungen gehören zusammen: Armut und Krankheit gibt es nur mit dem Melden der Hausregeln, „Solo sofort“ nur mit dem Melden nach DDV, die Gutschrift nur für die Gewinner nur mit der Abrechnung der Hausregeln. Wer eine davon wählt, bekommt die passende andere dazu.`;

export const optionsEn = `## What the table can set

In brackets: DDV / house rules.

- **Games**: how many games (deals) a match has (24 / 24; 1 to 1000).
- **Compulsory solo**: everyone must play one solo in the match; who still owes it at the end must play it then (Vorführung) (yes / no).
- **With nines**: 48 cards with nines, 12 each, or 40 without, 10 each (yes / no).
- **Two Dullen**: when both Herz-Zehn are in one trick, the first wins (DDV) or the second (house rules).
- **Immediate solo**: in the Vorbehalt round a player may declare a solo at once while nobody before him has a Vorbehalt (yes / no; only with the DDV reservations).
- **Announcement deadlines**: by cards in hand (DDV) or by cards played, before the second card of trick 2, 3, 4 … (house rules).
- **Scoring**: the DDV game value in plus and minus, or the house rules' points, doubled by Re and Kontra.
- **Reservations**: Vorbehalt, then its kind (DDV), or the house rules: Krankheit first, solo before Armut before Hochzeit, several soloists bid with their announcements, Hochzeit and Armut as a hidden Vorbehalt.
- **Krankheit (sickness)**: a player with five or more Kings may insist on a redeal, which happens at once (no / yes; only with the house rules' reservations).
- **Armut (poverty)**: no Armut (DDV); the poor player passes only his trumps and gets as many back (house rules); or he always passes three cards, all his trumps and cards of his choice (only with the house rules' reservations).
- **Schwein**: no Schweine (DDV); or the second Fuchs of one hand becomes the highest trump once the first has taken a trick (house rules), once his party has won the first, or once the first was played in any trick.
- **Credit**: with the house rules' scoring only the winners are credited the points (house rules), or plus-minus: the losers lose them, a single player three times.
- **Fuchs caught**, **Karlchen**, **Doppelkopf trick**: which special points count (all three in both presets).
- **Solos**: which solos may be played, also as the compulsory solo: all, all but Fleischlos, or only Damen- and Bubensolo (all / all).

Some settings belong together: Armut and Krankheit exist only with the house rules' reservations, "Immediate solo" only with the DDV reservations, crediting only the winners only with the house rules' scoring. Choosing one brings the matching other with it.`;
