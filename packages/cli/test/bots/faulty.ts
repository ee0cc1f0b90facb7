/**
 * A test bot that misbehaves on purpose (packages/cli/test/external.test.ts). Mode by argument:
 * `faults`: its first answers are not JSON, of the wrong shape, an action it was not offered and an
 * answer to a request that does not exist, then it plays the first legal action;
 * `hang`: reads everything, answers nothing; `die`: exits after `hello`.
 */
import { createInterface } from 'node:readline';

const mode = process.argv[2];
let asked = 0;
const say = (x: unknown) => process.stdout.write(`${typeof x === 'string' ? x : JSON.stringify(x)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line) as { t: string; d: { id: number; legal: unknown[] } };
  if (mode === 'die' && msg.t === 'hello') process.exit(3);
  if (msg.t === 'error') process.stderr.write(`${line}\n`);
  if (mode !== 'faults' || msg.t !== 'act') return;
  const { id, legal } = msg.d;
  asked++;
  if (asked === 1) say('this is not json');
  else if (asked === 2) say({ t: 'act', d: { action: legal[0] } });
  else if (asked === 3) say({ t: 'act', d: { id, action: { t: 'play', card: 'XX' } } });
  else if (asked === 4) {
    say({ t: 'act', d: { id: id + 1000, action: legal[0] } });
    say({ t: 'act', d: { id, index: 0 } });
  } else say({ t: 'act', d: { id, action: legal[0] } });
});
