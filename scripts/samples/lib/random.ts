/**
 * Seeded randomness and a seeded clock. Every id, duration and data row in a
 * sample comes from here, so a sample is the same bytes on every run; the
 * order of the draws is part of the output, which is why the sample builders
 * must keep the order in which they ask for values.
 */
import { rng } from '../../../testing/rng';

export class Rng {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = rng(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  private chars(alphabet: string, n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  hex(n: number): string {
    return this.chars('0123456789abcdef', n);
  }

  base62(n: number): string {
    return this.chars('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', n);
  }

  base64(n: number): string {
    return this.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', n);
  }

  uuid(): string {
    const h = this.hex(32);
    const variant = '89ab'[this.int(0, 3)];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** Wall-clock time that moves forward by seeded amounts, for record timestamps. */
export class Clock {
  constructor(
    private ms: number,
    private readonly rng: Rng,
  ) {}

  /** Advances by a random duration in [min, max] milliseconds and returns the new time. */
  tick(min: number, max: number): string {
    this.ms += this.rng.int(min, max);
    return this.iso();
  }

  iso(): string {
    return new Date(this.ms).toISOString();
  }

  get now(): number {
    return this.ms;
  }
}
