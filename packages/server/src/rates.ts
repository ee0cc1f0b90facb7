/**
 * Colyseus closes a connection that sends more than `maxMessagesPerSecond` frames within a second of the
 * room clock (`clock.currentTime`). That clock only moves when the room ticks it, at every patch; a table
 * room patches once in 2^30 ms (it has no Schema state), so the "second" never ended and every connection
 * was cut at its 401st frame, however slowly it sent. Reading the time on every look makes the window a
 * real second again without ticking the room.
 */
import type { Room } from '@colyseus/core';

export function liveClock(room: Room): void {
  Object.defineProperty(room.clock, 'currentTime', {
    configurable: true,
    // The clock reads Date.now outside browsers.
    get: () => Date.now(),
    // Clock.tick assigns the time it read; the getter reads it anew anyway.
    set: () => {},
  });
}

/** A token bucket per connection (RATE_LIMIT per second, RATE_BURST at most): over it, `rate-limited`. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();

  take(id: string, rate: number, burst: number): boolean {
    const now = Date.now();
    const b = this.buckets.get(id) ?? { tokens: burst, last: now };
    this.buckets.set(id, b);
    b.tokens = Math.min(burst, b.tokens + ((now - b.last) / 1000) * rate);
    b.last = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  delete(id: string): void {
    this.buckets.delete(id);
  }
}
