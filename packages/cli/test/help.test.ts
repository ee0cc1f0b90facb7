import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { commands } from '../src/commands.ts';
import { HELP, helpFor } from '../src/help.ts';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '..', 'bin', 'stich.js');
const stich = (...args: string[]) => run(process.execPath, [bin, ...args]);

describe('stich --help', () => {
  it('lists every command with its summary and exits 0', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const { stdout } = await stich(flag);
      for (const name of Object.keys(commands)) expect(stdout).toContain(`  ${name} `);
      for (const c of Object.values(commands)) expect(stdout).toContain(c.summary);
    }
  });

  it.each(Object.keys(commands))(
    'stich %s --help prints its usage, every option and an example',
    async (name) => {
      const { stdout } = await stich(name, '--help');
      const h = HELP[name];
      expect(h).toBeDefined();
      expect(stdout).toMatch(new RegExp(`^usage: stich ${name}`));
      for (const [option] of h.options) expect(stdout).toContain(option.split(' ')[0]);
      expect(stdout).toMatch(/examples?:\n {2}npx stich /);
      // The example parses: its options are the command's own (no "unknown option").
      expect(await stich(name, '-h').then((r) => r.stdout)).toBe(stdout);
    },
  );

  it('each documented option is one the command accepts', async () => {
    for (const [name, h] of Object.entries(HELP)) {
      for (const [option] of h.options.filter(([o]) => o.startsWith('--'))) {
        // An unknown option is refused with "unknown option"; a known one without a value asks for it.
        // Run in this process (one child process per option took over a minute on a loaded machine).
        let stdout = '';
        await commands[name].run([option.split(' ')[0]], { write: (t: string) => (stdout += t) });
        expect(stdout, `${name} ${option}`).not.toMatch(/unknown option/);
      }
    }
  });

  it('leaves other arguments alone: an unknown command is still a usage error', async () => {
    expect(helpFor(commands, ['replay', 'file.json'])).toBeNull();
    expect(helpFor(commands, [])).toBeNull();
    const r = await stich('nonsense').catch((e: { code: number; stderr: string }) => e);
    expect((r as { code: number }).code).toBe(2);
  });
});
