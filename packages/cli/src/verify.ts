/**
 * `stich verify FILE`: checks the fair-deal proof of every deal of a record (docs/fair-deal.md): each
 * commitment against its seed, each deal against the deal its seed, client values and number derive.
 */
import { readFile } from 'node:fs/promises';
import { verifyRecord } from '@stich/protocol/fair';
import type { Command } from './commands.ts';

export const verifyCommand: Command = {
  summary: 'verify FILE — check the commitment and the shuffle of every deal of a game record',
  async run(args, out) {
    if (args.length !== 1) {
      out.write('usage: stich verify FILE\n');
      return 2;
    }
    let text: string;
    try {
      text = await readFile(args[0], 'utf8');
    } catch (e) {
      out.write(`error: ${(e as Error).message}\n`);
      return 2;
    }
    const report = await verifyRecord(text);
    let failed = 0;
    let unverifiable = 0;
    for (const d of report.deals) {
      if (d.result === 'ok') out.write(`deal ${d.deal}: ok\n`);
      else if (d.result === 'failed') {
        failed++;
        out.write(`deal ${d.deal}: FAILED: ${d.reason}\n`);
      } else {
        unverifiable++;
        out.write(`deal ${d.deal}: UNVERIFIABLE: ${d.reason}\n`);
      }
    }
    if (report.error) out.write(`error: ${report.error}\n`);
    const n = report.deals.length;
    if (report.ok) out.write(`verified: all ${n} deals\n`);
    else
      out.write(
        `NOT verified: ${failed} of ${n} deals failed, ${unverifiable} not checkable${report.error ? ', and the record is broken' : ''}\n`,
      );
    return report.ok ? 0 : 1;
  },
};
