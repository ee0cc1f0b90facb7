/** The players' rulebook of Differenzler (four players, preset Standard). */
export const de = `## Worum es geht

Differenzler ist ein Schweizer Jass zu viert, jeder spielt für sich. Vor der ersten Karte schätzt jeder geheim, wie viele Punkte er in dieser Runde machen wird. Er schreibt die **Differenz** zwischen Schätzung und gemachten Punkten. Nach allen Runden gewinnt, wer die kleinste Summe hat. Es geht also nicht um viele Stiche, sondern darum, seine Karten richtig einzuschätzen.

## Die Karten

36 Karten, 6 bis Ass. Gespielt wird **gegen den Uhrzeigersinn**: nach dir kommt der Spieler rechts von dir. Von der höchsten zur niedrigsten Karte:

| Trumpf | Punkte | andere Farbe | Punkte |
| --- | --- | --- | --- |
| Bube | 20 | Ass | 11 |
| Neun | 14 | König | 4 |
| Ass | 11 | Dame | 3 |
| König | 4 | Bube | 2 |
| Dame | 3 | Zehn | 10 |
| Zehn | 10 | Neun | 0 |
| Acht | 0 | Acht | 0 |
| Sieben | 0 | Sieben | 0 |
| Sechs | 0 | Sechs | 0 |

Die Zehn steht im Rang unter dem Buben (in Trumpf unter der Dame), zählt aber 10. Der letzte Stich bringt 5 Punkte extra: insgesamt 157.

## Eine Runde

1. **Geben**: jeder bekommt 9 Karten (dreimal 3). Der Geber wechselt jede Runde in Spielrichtung; Vorhand ist der Spieler nach dem Geber.
2. **Trumpf**: wird nach dem Geben zufällig gezogen und allen gezeigt.
3. **Schätzen**: jeder gibt eine Zahl von 0 bis 157 ein, alle gleichzeitig. Die Schätzung gilt sofort und ist bis zum Ende der Runde nur für einen selbst sichtbar; die anderen sehen nur, dass geschätzt wurde.
4. **Spielen**: wenn alle geschätzt haben, spielt Vorhand aus. Wer den Stich macht, spielt zum nächsten aus. Die eigenen Punkte werden laufend angezeigt.
5. **Ende**: nach neun Stichen sehen alle die Schätzungen, die Punkte und die Differenzen.

## Bedienen

- **Eine andere Farbe ausgespielt, du hast sie**: bedienen oder stechen (Trumpf spielen ist immer erlaubt). Eine dritte Farbe abwerfen darfst du nicht.
- **Du hast die ausgespielte Farbe nicht**: jede Karte.
- **Trumpf ausgespielt**: du musst Trumpf zugeben, aber der **Trumpf-Bube muss nie**: ist er dein einziger Trumpf, darfst du jede Karte spielen.
- **Untertrumpfen** (einen niedrigeren Trumpf auf einen schon gestochenen Stich legen): siehe die Einstellung unten.

## Die Abrechnung

Jeder schreibt |Schätzung − Punkte|. Die Summe über alle Runden zählt; die kleinste gewinnt.

**Beispiel**: Herz ist Trumpf, die Schätzungen sind 100, 10, 14 und 30. Gemacht werden 122, 7, 14 und 14 Punkte (zusammen 157). Die Differenzen sind 22, 3, 0 und 16: der dritte Spieler hat genau geschätzt und gewinnt diese Runde mit 0.

## Was der Tisch einstellen kann

- **Runden**: wie viele Runden eine Partie hat (12: jeder gibt dreimal; 1 bis 100).
- **Untertrumpfen**: nach dem Regeltext darf, wer die ausgespielte Farbe hat, auf einen schon gestochenen Stich bedienen oder höher stechen, aber nicht untertrumpfen; wer sie nicht hat, darf jede Karte spielen, auch einen niedrigeren Trumpf. Nach dem Schweizer Jass darf man nur untertrumpfen, wenn man nur noch Trumpf hat.
- **Gleichstand**: haben mehrere die kleinste Summe, gewinnen sie gemeinsam, oder es gewinnt, wer öfter genau geschätzt hat (Differenz 0; ist auch das gleich, gemeinsam).
`;

export const en = `## What it is about

Differenzler is a Swiss Jass for four, each playing for himself. Before the first card everyone secretly estimates how many points he will take this round. He scores the **difference** between estimate and points taken. After all rounds the lowest total wins. So it is not about taking many tricks but about judging your hand.

## The cards

36 cards, 6 to Ace. Play goes **counterclockwise**: after you comes the player on your right. From the highest card to the lowest:

| trump | points | other suit | points |
| --- | --- | --- | --- |
| Bube | 20 | Ass | 11 |
| Neun | 14 | König | 4 |
| Ass | 11 | Dame | 3 |
| König | 4 | Bube | 2 |
| Dame | 3 | Zehn | 10 |
| Zehn | 10 | Neun | 0 |
| Acht | 0 | Acht | 0 |
| Sieben | 0 | Sieben | 0 |
| Sechs | 0 | Sechs | 0 |

The Zehn ranks below the Bube (in trump below the Dame) but counts 10. The last trick brings 5 extra: 157 in all.

## A round

1. **Deal**: 9 cards each (three times 3). The dealer moves on every round in the direction of play; Vorhand is the player after the dealer.
2. **Trump**: drawn at random after the deal and shown to everyone.
3. **Estimate**: everyone enters a number from 0 to 157, all at the same time. It is final at once and visible only to yourself until the round ends; the others see only that you have estimated.
4. **Play**: when all have estimated, Vorhand leads. Who takes a trick leads the next. Your own points are shown as you go.
5. **End**: after nine tricks everyone sees the estimates, the points and the differences.

## Following suit

- **A plain suit led and you hold it**: follow suit or trump (playing a trump is always allowed). You may not throw off a third suit.
- **You do not hold the suit led**: any card.
- **Trump led**: you must play a trump, but the **trump Bube is never forced**: if it is your only trump you may play any card.
- **Undertrumping** (a lower trump on a trick already trumped): see the setting below.

## Scoring

Everyone scores |estimate − points|. The sum over all rounds counts; the lowest wins.

**Example**: Herz is trump, the estimates are 100, 10, 14 and 30. The players take 122, 7, 14 and 14 points (157 together). The differences are 22, 3, 0 and 16: the third player estimated exactly and wins this round with 0.

## What the table can set

- **Rounds**: how many rounds a match has (12: everyone deals three times; 1 to 100).
- **Undertrumping**: by the rule text, who holds the suit led may follow or overtrump a trick already trumped but not undertrump; who does not hold it may play any card, a lower trump included. By Swiss Jass you may undertrump only when you hold nothing but trumps.
- **Ties**: if several have the lowest total they win together, or the one with more exact estimates wins (difference 0; if that ties too, together).
`;
