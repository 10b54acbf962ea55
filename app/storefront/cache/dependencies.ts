/**
 * What one render read, for the cache: the surrogate keys the response is filed under, and the
 * moment it goes stale with no event (a scheduled page or post the render hid, which shows the
 * instant its time comes).
 */
export class RenderDependencies {
  readonly tags = new Set<string>()
  staleAt: Date | null = null
  /**
   * The path a path purge names for this page: the request's without its locale prefix, so one
   * purge of `/products/x` drops `/fr/products/x` and `/fr-ca/products/x` too. Null: the request's own.
   */
  path: string | null = null

  add(...keys: string[]): void {
    for (const key of keys) this.tags.add(key)
  }

  /** A found resource is filed under itself; a miss under its list, since a create or rename can make it appear. */
  found(found: { id: string } | null, own: (id: string) => string, list: string): void {
    this.add(found ? own(found.id) : list)
  }

  staleFrom(moment: Date): void {
    if (!this.staleAt || moment < this.staleAt) this.staleAt = moment
  }
}
