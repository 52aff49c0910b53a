// A small in-process cache whose entries expire a fixed time after they were stored, for data
// that changes only with data loads or ANALYZE (places, the categories table, planner
// statistics). Instances are owned by whoever builds the app's dependencies (context.ts), never
// by a module, so each app and each test database gets its own.

export interface TtlCacheOptions {
  ttlMs: number;
  /** Most entries kept; storing one more drops the oldest. */
  maxEntries?: number | undefined;
}

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();
  private readonly loading = new Map<K, Promise<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: TtlCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value stored for `key` less than `ttlMs` ago, else undefined. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: K, value: V): void {
    // Re-inserting keeps the map in storing order, so the first key is always the oldest.
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { at: Date.now(), value });
  }

  delete(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }

  /**
   * The value stored for `key`, else what `load` resolves to, stored from then on. Callers that
   * ask while a load is running share it; a load that fails is not stored. `fresh` skips the
   * stored value (and any running load) and loads again.
   */
  async fetch(key: K, load: () => Promise<V>, options: { fresh?: boolean } = {}): Promise<V> {
    if (!options.fresh) {
      const entry = this.entries.get(key);
      if (entry && Date.now() - entry.at < this.ttlMs) return entry.value;
      const running = this.loading.get(key);
      if (running) return running;
    }
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) {
          this.loading.delete(key);
          this.set(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }
}
