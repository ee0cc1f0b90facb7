/**
 * The built web client as static files: the single page for client routes, hashed files under /assets/
 * cached for a year (immutable), everything else revalidated (ETag, 304). Compressible files go out
 * brotli- or gzip-compressed when the browser accepts it: the `.br`/`.gz` files the build writes beside
 * them (packages/web/precompress.ts), else compressed once on first request and kept in memory.
 * HEAD is answered like GET (Node's HTTP server sends the headers only).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** File types worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = ['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest'];
/** Smaller files go out as they are: compression would save less than a packet. */
const MIN_COMPRESS = 1024;

export type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encoding to send for an Accept-Encoding header: brotli before gzip, `q=0` refuses. */
export function pickEncoding(accept: string | null | undefined): Encoding | null {
  if (!accept) return null;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const v = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(v) ? v : 0);
  }
  const ok = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Compresses a file's bytes the way the build does (packages/web/precompress.ts). */
function compress(body: Buffer, enc: Encoding): Promise<Buffer> {
  return enc === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gz(body, { level: constants.Z_BEST_COMPRESSION });
}

interface Cached {
  readonly key: string;
  readonly body: Promise<Buffer>;
}
/** Compressed bodies of files without a precompressed sibling, by file and encoding (the web dir is small). */
const made = new Map<string, Cached>();

async function encodedBody(file: string, key: string, body: Buffer, enc: Encoding): Promise<Buffer> {
  const sibling = await readFile(file + SUFFIX[enc]).catch(() => null);
  if (sibling) return sibling;
  const id = `${file}\0${enc}`;
  let c = made.get(id);
  if (!c || c.key !== key) {
    c = { key, body: compress(body, enc) };
    made.set(id, c);
  }
  return c.body;
}

const notFound = () => new Response('Not Found', { status: 404 });

/** The answer to GET/HEAD `pathname` from the built client in `webDir`. */
export async function serveStatic(webDir: string, pathname: string, headers?: Headers): Promise<Response> {
  const root = resolve(webDir);
  const rel = normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, '');
  let file = resolve(join(root, rel));
  if (file !== root && !file.startsWith(root + sep)) return notFound();
  let info = await stat(file).catch(() => null);
  // Client-side routes (/, /join/<code>, /table/<id>) get the single page.
  if (!info?.isFile()) {
    if (extname(rel) !== '' && rel !== 'index.html') return notFound();
    file = join(root, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!info?.isFile())
    return new Response(
      'Stich server is running; the web client is not built (npm run build -w @stich/web).',
      { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } },
    );
  const ext = extname(file);
  const immutable = file.startsWith(join(root, 'assets') + sep);
  const compressible = COMPRESSIBLE.includes(ext) && info.size >= MIN_COMPRESS;
  const enc = compressible ? pickEncoding(headers?.get('accept-encoding')) : null;
  const version = `${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}`;
  // Each encoding is its own representation with its own tag.
  const etag = `"${version}${enc ? `-${enc}` : ''}"`;
  const out: Record<string, string> = {
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
  };
  if (compressible) out.vary = 'Accept-Encoding';
  if (headers?.get('if-none-match') === etag) return new Response(null, { status: 304, headers: out });
  let body: Buffer = await readFile(file);
  if (enc) {
    body = await encodedBody(file, version, body, enc);
    out['content-encoding'] = enc;
  }
  out['content-length'] = String(body.length);
  return new Response(body as Uint8Array<ArrayBuffer>, { headers: out });
}
