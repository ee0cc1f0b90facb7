/** The replay answers' cache (replay.ts `BodyCache`): one build per key, bounded in bytes, oldest out first. */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BodyCache } from '../src/replay.ts';

describe('BodyCache', () => {
  it('builds a key once, also for requests that come while it is built, and keeps its gzip', async () => {
    const cache = new BodyCache(1 << 20);
    let builds = 0;
    const build = async () => {
      builds++;
      return JSON.stringify({ n: builds });
    };
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(gunzipSync(a.gz).toString()).toBe(a.text);
    await cache.get('k', build);
    expect(builds).toBe(1);
  });

  it('holds at most its bytes: the least recently used answer goes first', async () => {
    const text = 'x'.repeat(10_000);
    const cache = new BodyCache(25_000);
    const built: string[] = [];
    const get = (k: string) =>
      cache.get(k, async () => {
        built.push(k);
        return text;
      });
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    // Three answers of 10 KB and more do not fit: b, used least recently, went.
    expect(cache.size).toBeLessThanOrEqual(25_000);
    await get('a');
    await get('b');
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a build that failed, so the next request tries again', async () => {
    const cache = new BodyCache(1 << 20);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('k', async () => '1')).text).toBe('1');
  });
});
