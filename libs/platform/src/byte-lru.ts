/**
 * A least-recently-used cache bounded by the estimated size of its values, not by their count: one
 * big Galaxy game weighs as much as thousands of small ones.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` as the most recent, then drops the least recent until the total fits (a value too big for the whole cache is not kept). */
  set(key: string, value: V, bytes: number) {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** The estimated size of what is kept. */
  get bytes() {
    return this.total;
  }
}
