/**
 * A Map in recency order: `touch` moves a key last, `trim` drops the least recently asked-for
 * until at most `max` remain. What a node keeps per store or per host is bounded this way.
 */
export class RecencyMap<Key, Value> extends Map<Key, Value> {
  /** The value, now the most recently asked-for; undefined when absent. */
  touch(key: Key): Value | undefined {
    const value = this.get(key)
    if (value !== undefined) {
      this.delete(key)
      this.set(key, value)
    }
    return value
  }

  trim(max: number): void {
    for (const key of this.keys()) {
      if (this.size <= max) return
      this.delete(key)
    }
  }
}

/**
 * What a node keeps in memory only while the storefront purger follows the log (app/storefront/
 * cache/purger.ts), which tells it of every change before a write's read-your-writes ends: nothing
 * is kept before `follow`, everything is forgotten at `unfollow`.
 */
export class KeptWhileFollowed<Key, Value> {
  protected readonly entries = new RecencyMap<Key, Value>()
  protected followed = false

  /** The purger follows the log from now on: entries may be kept. */
  follow(): void {
    this.followed = true
  }

  unfollow(): void {
    this.followed = false
    this.entries.clear()
  }
}
