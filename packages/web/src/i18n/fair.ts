/** The fair deal's texts (Fair.tsx), German and English; mounted as `fair` in de.ts and en.ts. */
export const FAIR_DE = {
  title: 'Nachprüfbares Mischen',
  checking: 'Geben {{n}} wird geprüft …',
  ok: 'Geben {{n}} geprüft',
  failed: 'Geben {{n}}: Prüfung fehlgeschlagen',
  unverifiable: 'Geben {{n}} nicht prüfbar',
  recordChecking: 'Alle Geben werden geprüft …',
  recordDone: '{{ok}} von {{n}} Geben geprüft',
  recordError: 'Prüfung nicht möglich: {{reason}}',
  badgeTitle: 'Wie das Mischen geprüft wird',
  intro:
    'Niemand muss dem Server glauben, dass die Karten nicht gezinkt sind: Jedes Geben lässt sich nachrechnen, von deinem Browser und von jedem anderen.',
  steps: [
    'Vor jedem Geben legt sich der Server auf einen geheimen Zufallswert fest und schickt allen nur dessen Fingerabdruck (SHA-256). Ändern kann er den Wert danach nicht mehr, ohne dass es auffällt.',
    'Dein Browser schickt einen eigenen Zufallswert dazu. Weil dieser erst nach dem Fingerabdruck kommt, kann der Server die Karten nicht im Voraus auf ihn abstimmen.',
    'Die Karten werden aus dem geheimen Wert, den Werten der Spieler und der Nummer des Gebens berechnet (HMAC-SHA-256 speist das Mischen des Spiels).',
    'Nach dem Geben legt der Server den geheimen Wert offen. Dein Browser rechnet nach: Passt er zum Fingerabdruck von vorher, ist dein Wert dabei, und ergeben sich genau die Karten, die gespielt wurden?',
  ],
  badgeHead: 'Was das Zeichen am Tisch bedeutet',
  okText: 'alles passt: Fingerabdruck, dein Wert und jede Karte.',
  failedText: 'etwas stimmt nicht; der Grund steht im Hinweis des Zeichens.',
  unverifiableText:
    'dieses Geben hat keinen Nachweis, sein Fingerabdruck wurde vor dem Geben nicht veröffentlicht, oder es lässt sich hier nicht nachrechnen (z. B. wenn beim Klapper-Jas zu dritt nur noch zwei spielen); die ganze Partie prüft der Befehl unten.',
  selfHead: 'Selbst prüfen',
  self: 'Nach der Partie enthält die heruntergeladene Partiedatei zu jedem Geben den Fingerabdruck, den geheimen Wert und die Werte der Spieler. Der Befehl prüft jedes Geben und nennt jede Abweichung; das genaue Verfahren (docs/fair-deal.md) erlaubt jedem, ein eigenes Prüfprogramm zu schreiben.',
  limits:
    'Grenzen: Der Server kennt seinen Wert, bevor die Werte der Spieler eintreffen. Er könnte einen Wert weglassen – das sieht dein Browser und meldet es. Computerspieler schicken keinen Wert.',
};

export const FAIR_EN: typeof FAIR_DE = {
  title: 'Verifiable shuffle',
  checking: 'Checking deal {{n}} …',
  ok: 'Deal {{n}} verified',
  failed: 'Deal {{n}}: verification failed',
  unverifiable: 'Deal {{n}} not verifiable',
  recordChecking: 'Checking every deal …',
  recordDone: '{{ok}} of {{n}} deals verified',
  recordError: 'Cannot check: {{reason}}',
  badgeTitle: 'How the shuffle is checked',
  intro:
    'Nobody has to take the server’s word that the cards are not stacked: every deal can be recomputed, by your browser and by anyone else.',
  steps: [
    'Before each deal the server commits to a secret random value and sends everyone only its fingerprint (SHA-256). It cannot change the value afterwards without being caught.',
    'Your browser adds a random value of its own. Since it arrives after the fingerprint, the server cannot tune the cards to it in advance.',
    'The cards are computed from the secret value, the players’ values and the number of the deal (HMAC-SHA-256 feeds the game’s shuffle).',
    'After the deal the server reveals the secret value. Your browser recomputes: does it match the fingerprint sent before, is your value in it, and does it give exactly the cards that were played?',
  ],
  badgeHead: 'What the sign at the table means',
  okText: 'everything matches: fingerprint, your value and every card.',
  failedText: 'something does not match; the sign’s tooltip says what.',
  unverifiableText:
    'this deal has no proof, its fingerprint was not published before the deal, or it cannot be recomputed here (e.g. Klapper-Jas for three once only two play on); the command below checks the whole match.',
  selfHead: 'Check it yourself',
  self: 'After the match, the downloaded match file holds for every deal the fingerprint, the secret value and the players’ values. The command checks every deal and names any difference; the exact method (docs/fair-deal.md) lets anyone write a checker of their own.',
  limits:
    'Limits: the server knows its value before the players’ values arrive. It could leave a value out – your browser sees that and reports it. Computer players send no value.',
};
