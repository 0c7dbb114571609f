/**
 * A small in-process cache with a time-to-live and a size bound (oldest entry out first).
 * For answers that are the same for everyone who may ask: public ones, or a facility's own list keyed
 * by the facility and served only after the route's access check (never per-user or cross-facility),
 * and the signed-in sessions themselves (core/access.ts, keyed by token hash).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private gen = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Moves on at every clear: read it before a lookup and pass it to `set`, so an answer read before a clear is not kept. */
  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /**
   * Keeps `value` for the time-to-live, or until `opts.until` if that comes first (a session's own end);
   * nothing when a clear happened since `opts.generation` was read.
   */
  set(key: string, value: V, opts: { until?: number; generation?: number; now?: number } = {}): void {
    if (!this.enabled || (opts.generation !== undefined && opts.generation !== this.gen)) return;
    const now = opts.now ?? Date.now();
    const expires = Math.min(now + this.ttlMs, opts.until ?? Infinity);
    if (expires <= now) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires });
  }

  clear(): void {
    this.gen += 1;
    this.entries.clear();
  }
}
