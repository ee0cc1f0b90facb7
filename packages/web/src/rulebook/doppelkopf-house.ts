/** The players' rulebook of Doppelkopf, house rules (source 004). */
import { optionsDe, optionsEn, partiesDe, partiesEn } from './doppelkopf-common.ts';

export const de = `${partiesDe}

## Ein Spiel nach den Hausregeln

1. **Geben**: 40 Karten ohne Neunen, 10 für jeden. Trümpfe von hoch nach tief: Schwein (wenn es eins gibt), Dullen, Damen, Buben, Karo Ass, Zehn, König. **Die zweite Dulle sticht die erste**; sonst sticht von zwei gleichen Karten die erste.
2. **Melden**: reihum ab Vorhand sagt jeder einmal **gesund**, **Solo**, **Vorbehalt** (für eine Hochzeit oder eine Armut; welche, bleibt zunächst geheim) oder **krank**.
3. **Krankheit** hat das höchste Gewicht: wer fünf oder mehr Könige hat, darf bei seiner Meldung „krank“ sagen, auch wenn vor ihm schon Solo oder Vorbehalt gesagt wurde; es wird sofort neu gegeben. Er darf auch schweigen und spielen.
4. **Solo vor Armut vor Hochzeit**: hat einer Solo gesagt, spielt er es und nennt nun die Art. Haben mehrere Solo gesagt, wird **gereizt** (unten). Ohne Solo nennen die mit Vorbehalt ihre Art; eine Armut geht vor einer Hochzeit, zwei Armut heißt neu geben. Die Art erfahren die anderen erst mit der ersten Karte.
5. Ohne alles: **Normalspiel** (oder ein stilles Solo). Vorhand spielt aus.

## Reizen: mehrere wollen ein Solo

Der vorne Sitzende (früher gefragt) hält, der hinten Sitzende reizt mit Ansagen: **Re**, **keine 90**, **keine 60**, **keine 30**, **keine 1**. Der Hintere bietet eine höhere Stufe oder passt; der Vordere hält mit (gleiche Stufe) oder passt. Bei drei oder vier Anwärtern reizt der Überlebende gegen den nächsten weiter. Der Gewinner spielt sein Solo mit der letzten Stufe als Ansage, als hätte er sie vor der ersten Karte gesagt; er darf später weiter erhöhen. Die Gebote der Verlierer gelten nicht.

## Armut

**Arm** ist, wer höchstens drei Trümpfe hat. Er sagt Vorbehalt und dann „Armut“, und **gibt alle seine Trümpfe verdeckt** an seinen linken Nachbarn. Der **nimmt sie auf** oder **schiebt** sie nach links weiter. Schieben alle, wird neu gegeben. Wer aufnimmt, gibt **genauso viele Karten** verdeckt zurück, beliebige, und alle erfahren, ob Trümpfe dabei waren. Der Arme und der Aufnehmende sind die Re-Partei („die Armut-Partei“) und allen bekannt; die Karten sehen nur die beiden. Sagen zwei Spieler Armut an, wird neu gegeben. Wer arm ist und nichts sagt, spielt ein Normalspiel.

## Schwein

Hat einer beide Füchse (Karo-Asse), wird der zweite zum **Schwein**, dem höchsten Trumpf, sobald er mit dem ersten einen Stich gemacht hat. Das Schwein wird allen gezeigt, wenn es gespielt wird. Es gibt es nur, wo Karo Trumpf ist (Normalspiel, Hochzeit, stilles Solo, Armut, Karo-Solo).

## Ansagen und bis wann

**Re** sagt die Partei der Alten, der Solist oder die Armut-Partei, **Kontra** die andere Partei. Jedes **verdoppelt** die Punkte. Danach darf die Partei weiter verschärfen: **keine 90**, **keine 60**, **keine 30**, **keine 1** (die Gegner bekommen kein einziges Auge). Ansagen gehen lückenlos (eine höhere schließt die fehlenden niedrigeren ein), und alle vier dürfen sie zwischen den Karten machen. Fristen nach gespielten Karten:

| Ansage | spätestens vor der zweiten Karte des |
| --- | --- |
| Re / Kontra | 2. Stichs |
| keine 90 | 3. Stichs |
| keine 60 | 4. Stichs |
| keine 30 | 5. Stichs |
| keine 1 | 6. Stichs |

Hat eine Partei keine 90 angesagt, darf die andere nur noch Re oder Kontra sagen, aber kein „keine …“ mehr. Der Tisch zeigt bei jeder Ansage ihre Frist.

## Wer gewinnt

Gemessen wird die Partei mit der höheren Ansage, sonst (gleich hoch oder keine) Re. Sie braucht mindestens einen Punkt über ihrer Grenze: 121, nach eigenem keine 90: 151, keine 60: 181, keine 30: 211, keine 1: 240. Schafft sie das nicht, gewinnt die andere Partei.

## Die Abrechnung

1. Für den Gewinn („keine 120“): 1 Punkt.
2. Für jede Stufe, unter der die Verlierer bleiben (unter 90, unter 60, unter 30, kein Auge): 1 Punkt, 2, wenn die Gewinner sie angesagt hatten.
3. Gewinnt Kontra („gegen die Alten“, „gegen den Solisten“, „gegen die Armut-Partei“): 1 Punkt mehr.
4. Re angesagt: verdoppelt. Kontra angesagt: verdoppelt noch einmal.
5. Dann die Sonderpunkte: die der Gewinner kommen hinzu, die der Verlierer werden abgezogen, aber Gewinnen kostet nie Punkte: die Gutschrift bleibt mindestens 0.
6. Im Solo (auch stilles Solo oder Hochzeit allein) wird das Ganze noch verdoppelt.
7. Die Punkte werden **allen Gewinnern gutgeschrieben**; die Verlierer bekommen nichts (mit der Einstellung Plus-Minus verlieren sie sie).

**Beispiel**: Normalspiel, Re sagt Re an und macht 160 Augen, Kontra 80. Re ist gemessen, 160 ist über 120: Re gewinnt. Gewonnen 1, Kontra unter 90: 1 (nicht angesagt): 2. Re angesagt verdoppelt: 4. Re hat mit dem Karlchen den letzten Stich gemacht: 1 dazu, 5. Beide Re-Spieler bekommen 5, die Kontra-Spieler 0.

## Die Partie

Eine Partie hat 24 Spiele; nach jedem gezählten Spiel gibt der Nächste. Neu gegebene Spiele (Krankheit, zwei Arme, eine Armut, die keiner nimmt) zählen nicht. Ein Pflichtsolo gibt es nach den Hausregeln nicht (einstellbar).

${optionsDe}
`;

export const en = `${partiesEn}

## A deal by the house rules

1. **Deal**: 40 cards without nines, 10 each. Trumps high to low: Schwein (if there is one), Dullen, Damen, Buben, Karo Ass, Zehn, König. **The second Dulle beats the first**; otherwise the first of two equal cards wins.
2. **Melden** (reservations): in turn from Vorhand everyone says once **gesund** (healthy), **Solo**, **Vorbehalt** (for a Hochzeit or an Armut; which one stays secret for now) or **krank** (sick).
3. **Krankheit** weighs most: who holds five or more Kings may say "krank" at his turn in this round, even after others said Solo or Vorbehalt; the cards are dealt again at once. He may also keep quiet and play.
4. **Solo before Armut before Hochzeit**: who said Solo plays it and now names its kind. If several said Solo, they **bid** (below). Without a solo those with a Vorbehalt name its kind; an Armut goes before a Hochzeit, two Armut mean a redeal. The others learn the kind only with the first card.
5. Nothing of that: a **normal game** (or a silent solo). Vorhand leads.

## Bidding (Reizen): several want a solo

The front player (asked earlier) holds, the rear player bids with announcements: **Re**, **keine 90**, **keine 60**, **keine 30**, **keine 1**. The rear player bids a higher level or passes; the front player holds (the same level) or passes. With three or four candidates the survivor bids on against the next. The winner plays his solo with the last level as his announcement, as if said before the first card; he may raise it later. The losers' bids bind nothing.

## Armut (poverty)

**Poor** is who holds at most three trumps. He says Vorbehalt, then "Armut", and **passes all his trumps face down** to his left neighbour. The neighbour **takes** them or **shoves** them on to the left. If all shove, the cards are dealt again. Who takes gives **the same number of cards** back face down, any cards, and everyone learns whether trumps were among them. The poor player and the taker are the Re party ("the Armut party"), known to all; only the two see the cards. If two players claim Armut, the cards are dealt again. A poor player who says nothing plays a normal game.

## Schwein

Who holds both Füchse (Karo-Ass) makes the second one the **Schwein**, the highest trump, as soon as he has taken a trick with the first. The Schwein is shown to all when it is played. It exists only where Karo is trump (normal game, Hochzeit, silent solo, Armut, Karo-Solo).

## Announcements and until when

**Re** is said by the party of the Alten, the soloist or the Armut party, **Kontra** by the other party. Each **doubles** the points. After it the party may raise: **keine 90**, **keine 60**, **keine 30**, **keine 1** (the opponents get not a single card point). Announcements go without gaps (a higher one includes the missing lower ones), and any of the four may make them between the cards. Deadlines by cards played:

| announcement | at the latest before the second card of |
| --- | --- |
| Re / Kontra | trick 2 |
| keine 90 | trick 3 |
| keine 60 | trick 4 |
| keine 30 | trick 5 |
| keine 1 | trick 6 |

Once one party has said keine 90, the other may still say Re or Kontra but no "keine …". The table shows each announcement's deadline.

## Who wins

The party with the higher announcement is measured, else (equal or none) Re. It needs at least one point over its limit: 121, after its own keine 90: 151, keine 60: 181, keine 30: 211, keine 1: 240. If it falls short the other party wins.

## Scoring

1. For winning ("keine 120"): 1 point.
2. For each level the losers stay under (under 90, under 60, under 30, no card point): 1 point, 2 if the winners had announced it.
3. If Kontra wins ("against the Alten", "against the soloist", "against the Armut party"): 1 more.
4. Re announced: doubled. Kontra announced: doubled again.
5. Then the special points: the winners' are added, the losers' taken off, but winning never costs points: the credit stays at least 0.
6. In a solo (also a silent solo or a Hochzeit played alone) the total is doubled once more.
7. The points are **credited to every winner**; the losers get nothing (with the plus-minus setting they lose them).

**Example**: a normal game; Re announces Re and takes 160 Augen, Kontra 80. Re is measured, 160 is over 120: Re wins. Won 1, Kontra under 90: 1 (not announced): 2. Re announced doubles: 4. Re took the last trick with the Karlchen: 1 more, 5. Both Re players get 5, the Kontra players 0.

## The match

A match has 24 games; after each counted game the next player deals. Redealt games (Krankheit, two poor players, an Armut nobody takes) do not count. The house rules have no compulsory solo (it can be set).

${optionsEn}
`;
