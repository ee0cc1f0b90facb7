import type { Output } from './commands.ts';

export const printJson = (out: Output, value: unknown): void => {
  out.write(`${JSON.stringify(value, null, 2)}\n`);
};

/** Parses `--name value` options against the allowed names; unknown names are errors. */
export function parseOptions(
  args: readonly string[],
  allowed: readonly string[],
): { ok: true; options: Record<string, string> } | { ok: false; reason: string } {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) return { ok: false, reason: `unexpected argument ${a}` };
    const [name, inline] = a.slice(2).split('=', 2);
    if (!allowed.includes(name))
      return {
        ok: false,
        reason: `unknown option --${name}; allowed: ${allowed.map((n) => `--${n}`).join(' ')}`,
      };
    const value = inline ?? args[++i];
    if (value === undefined) return { ok: false, reason: `--${name} needs a value` };
    options[name] = value;
  }
  return { ok: true, options };
}

export function intOption(
  options: Record<string, string>,
  name: string,
  fallback: number,
  min = 0,
): number | string {
  const text = options[name];
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) return `--${name} must be an integer >= ${min}`;
  return n;
}
