// A small seeded random generator for the seed data. Hand-written on purpose: the seed's rows
// must stay byte-identical for a given seed number, so the sequence must never change with a
// library upgrade. sfc32 (PractRand-tested, 128-bit state) seeded through cyrb128 string hashing.

/** cyrb128: four 32-bit hashes of a string, used to seed sfc32 from (seed, purpose, index). */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A 32-bit unsigned hash of a string (stable; used for colours and picks that depend on a name). */
export function hash32(text: string): number {
  return cyrb128(text)[0];
}

export interface WeightedItem<T> {
  value: T;
  weight: number;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A generator for one purpose: the same parts always give the same sequence. */
  constructor(...parts: Array<string | number>) {
    [this.a, this.b, this.c, this.d] = cyrb128(parts.join(':'));
    // Discard the first outputs, as sfc32's authors advise.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: ReadonlyArray<WeightedItem<T>>): T {
    let total = 0;
    for (const item of items) total += item.weight;
    let r = this.next() * total;
    for (const item of items) {
      r -= item.weight;
      if (r < 0) return item.value;
    }
    return items[items.length - 1]!.value;
  }

  /** n distinct items (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = items.slice();
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }
}

/**
 * A weighted table picked by binary search: for the large city pools, where a linear scan per
 * pick would dominate the seed at scale 200.
 */
export class WeightedTable<T> {
  private readonly items: readonly T[];
  private readonly cumulative: Float64Array;

  constructor(items: readonly T[], weight: (item: T) => number) {
    this.items = items;
    this.cumulative = new Float64Array(items.length);
    let total = 0;
    items.forEach((item, i) => {
      total += Math.max(0, weight(item));
      this.cumulative[i] = total;
    });
    if (!items.length || total <= 0) throw new Error('a weighted table needs items with positive weight');
  }

  get size(): number {
    return this.items.length;
  }

  pick(random: Random): T {
    const target = random.next() * this.cumulative[this.cumulative.length - 1]!;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}
