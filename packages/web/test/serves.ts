import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** True when `url` delivers the built client's main script from `dir` completely. */
export async function servesClient(url: string, dir: string): Promise<boolean> {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const m = /src="(\/assets\/[^"]+\.js)"/.exec(html);
  if (!m) return false;
  const expected = (await readFile(join(dir, m[1]))).length;
  try {
    const res = await fetch(url + m[1], { signal: AbortSignal.timeout(10_000) });
    return (await res.arrayBuffer()).byteLength === expected;
  } catch {
    return false;
  }
}
