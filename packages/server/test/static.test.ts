/**
 * The built web client as static files: compressed for browsers that accept it (the build's precompressed
 * siblings first), long-lived caching for hashed files, revalidation for the rest, HEAD like GET.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/static.ts';
import { DB_KINDS, serve } from './helpers.ts';

const web = mkdtempSync(join(tmpdir(), 'stich-static-'));
afterAll(() => rmSync(web, { recursive: true, force: true }));
const page = `<!doctype html><title>Stich</title>${'<p>Klapper-Jas</p>'.repeat(200)}`;
const script = `console.log(${JSON.stringify('Stich '.repeat(2000))});`;
const styles = `body { color: black; }\n${'.x { margin: 0 }\n'.repeat(200)}`;
const tiny = 'ok';
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'index.html'), page);
writeFileSync(join(web, 'assets', 'index-Ab12.js'), script);
writeFileSync(join(web, 'assets', 'index-Cd34.css'), styles);
// A precompressed sibling that differs from what the server would make: served only if it is used.
const marker = `${styles}/* from the build */`;
writeFileSync(join(web, 'assets', 'index-Cd34.css.br'), brotliCompressSync(marker));
writeFileSync(join(web, 'robots.txt'), tiny);

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request without fetch's automatic decompression, so the bytes on the wire are seen. */
function raw(url: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'br'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['', null],
  ])('%j → %s', (accept, enc) => {
    expect(pickEncoding(accept)).toBe(enc);
  });
});

describe.each(DB_KINDS)('static files (%s)', (kind) => {
  const srv = serve(kind, { WEB_DIR: web });

  it('sends the page brotli-compressed to a browser that accepts it, and revalidates it', async () => {
    const r = await raw(srv.url, '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body.length).toBeLessThan(page.length / 4);
    expect(brotliDecompressSync(r.body).toString()).toBe(page);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    // The same representation again: 304 without a body.
    const again = await raw(srv.url, '/', {
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': String(r.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends hashed assets gzip-compressed with a year of immutable caching', async () => {
    const r = await raw(srv.url, '/assets/index-Ab12.js', { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(r.body).toString()).toBe(script);
  });

  it('uses the precompressed file the build wrote beside the asset', async () => {
    const r = await raw(srv.url, '/assets/index-Cd34.css', { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(r.body).toString()).toBe(marker);
  });

  it('sends files as they are without Accept-Encoding, and small files always', async () => {
    const plain = await raw(srv.url, '/assets/index-Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const small = await raw(srv.url, '/robots.txt', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe(tiny);
  });

  it('answers HEAD like GET, without a body', async () => {
    for (const path of ['/', '/join/abc', '/assets/index-Ab12.js']) {
      const get = await raw(srv.url, path, { 'accept-encoding': 'br' });
      const head = await raw(srv.url, path, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status, path).toBe(200);
      expect(head.body.length).toBe(0);
      for (const h of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'etag'])
        expect(head.headers[h], `${path} ${h}`).toBe(get.headers[h]);
    }
    expect((await raw(srv.url, '/missing.js', {}, 'HEAD')).status).toBe(404);
    expect((await raw(srv.url, '/api/nothing', {}, 'HEAD')).status).toBe(404);
    expect((await raw(srv.url, '/healthz', {}, 'GET')).status).toBe(200);
  });
});
