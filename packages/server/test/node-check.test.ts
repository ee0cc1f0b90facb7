/** `npm start` on a Node that cannot run the TypeScript sources says in one line what to install. */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = join(import.meta.dirname, '..', 'bin', 'node-check.mjs');
const root = join(import.meta.dirname, '..', '..', '..');

/** tooOld(version) evaluated by the script itself (plain JavaScript, no types to import). */
async function tooOld(version: string): Promise<string | null> {
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `const m = await import(${JSON.stringify(script)}); console.log(JSON.stringify(m.tooOld(${JSON.stringify(version)})));`,
  ]);
  return JSON.parse(stdout) as string | null;
}

describe('the Node version check before npm start', () => {
  it.each([
    ['20.20.2', true],
    ['22.17.1', true],
    ['18.0.0', true],
    ['22.18.0', false],
    ['23.0.0', false],
    ['24.21.0', false],
  ])('Node %s too old: %s', async (version, old) => {
    const m = await tooOld(version);
    if (old) {
      expect(m).toMatch(new RegExp(`Node ${version.replace(/\./g, '\\.')} is too old`));
      expect(m).toMatch(/Node 22\.18 or newer/);
      expect(m).not.toContain('\n');
    } else expect(m).toBeNull();
  });

  it('passes on this Node and is wired as the prestart script', async () => {
    await expect(run(process.execPath, [script])).resolves.toMatchObject({ stderr: '' });
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.prestart).toBe('node packages/server/bin/node-check.mjs');
  });

  // Debian's own Node (the machines ship Node 20) runs the check itself and stops with the one line.
  it.skipIf(!existsSync('/usr/bin/node'))('stops an old system Node with one line on stderr', async () => {
    const { stdout } = await run('/usr/bin/node', ['-p', 'process.versions.node']);
    const major = Number(stdout.split('.')[0]);
    const r = await run('/usr/bin/node', [script]).then(
      (x) => ({ code: 0, stderr: x.stderr }),
      (e: { code: number; stderr: string }) => e,
    );
    if (major < 22) {
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/too old; Stich needs Node 22\.18/);
    } else expect(r.code).toBe(0);
  });
});
