/**
 * Vite plugin: after the build, writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible
 * file of at least 1 KiB in the output folder, with Node's zlib at the highest levels. The server sends
 * them to browsers that accept them (packages/server/src/static.ts), so nothing is compressed per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = ['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest'];
const MIN = 1024;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

export async function precompress(dir: string): Promise<number> {
  let n = 0;
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.includes(extname(file))) continue;
    const body = await readFile(file);
    if (body.length < MIN) continue;
    const [b, g] = await Promise.all([
      br(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
    n++;
  }
  return n;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'stich-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = join(c.root, c.build.outDir);
    },
    async writeBundle(options) {
      await precompress(options.dir ?? outDir);
    },
  };
}
