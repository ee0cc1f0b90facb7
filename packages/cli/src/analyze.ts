import { readFile } from 'node:fs/promises';
import { analyzeText } from '@stich/bots/analysis/index';
import type { Command } from './commands.ts';
import { intOption, parseOptions, printJson } from './io.ts';

const USAGE = 'usage: stich analyze RECORD [--deal N]';

/** `stich analyze RECORD [--deal N]`: the analysis of every deal of a record (docs/analysis.md) as JSON. */
export const analyzeCommand: Command = {
  summary: 'analyze RECORD [--deal N] — points lost by every card and call of a record’s deals, as JSON',
  async run(args, out) {
    const file = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
    const parsed = parseOptions(
      args.filter((a) => a !== file),
      ['deal'],
    );
    if (!parsed.ok) {
      printJson(out, { error: { code: 'usage', reason: `${parsed.reason}; ${USAGE}` } });
      return 2;
    }
    const deal = intOption(parsed.options, 'deal', -1, 0);
    if (typeof deal === 'string' || file === undefined) {
      printJson(out, { error: { code: 'usage', reason: typeof deal === 'string' ? deal : USAGE } });
      return 2;
    }
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      printJson(out, { error: { code: 'io', reason: (e as Error).message } });
      return 1;
    }
    try {
      printJson(out, analyzeText(text, deal < 0 ? {} : { deal }));
      return 0;
    } catch (e) {
      printJson(out, { error: { code: 'bad-record', reason: (e as Error).message } });
      return 1;
    }
  },
};
