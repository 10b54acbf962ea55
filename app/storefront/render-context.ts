import type { AnyDb } from '../../infra/database/database.js'
import type { PurgeRequest } from '../../infra/cache/storefront-cache.js'
import { KeptWhileFollowed, RecencyMap } from '../shared/kept-in-memory.js'

/** Stores whose context a process keeps (a few kilobytes each); the least recently asked-for go first. */
const MAX_STORES = 10_000

/**
 * One thing many pages read of a store that only an event purging the whole store changes
 * (cache/purge-of.ts WHOLE_STORE): its details, main theme, settings, menus; or that a purge of
 * one of `purgedBy`'s surrogate keys changes too (the published collections by handle). The value
 * is shared by every request of the store while current: read it, never change it.
 */
export interface ContextPart<Value> {
  load(db: AnyDb, store: StoreRef): Promise<Value>
  purgedBy?: readonly string[]
}

/** Keys a part's lookups keep at most (a shopper may ask for any handle): past it, the oldest go first. */
const MAX_LOOKUPS = 1_000

/**
 * A part's value that is itself a set of lookups by key (a collection by its handle), each loaded
 * the first time it is asked for and kept as long as the part. A failed load is not kept.
 */
export class KeptLookups<Value> {
  private readonly found = new RecencyMap<string, Promise<Value>>()

  constructor(private readonly load: (key: string) => Promise<Value>) {}

  get(key: string): Promise<Value> {
    let value = this.found.get(key)
    if (!value) {
      const loading = this.load(key)
      this.found.set(key, loading)
      loading.catch(() => this.found.get(key) === loading && this.found.delete(key))
      this.found.trim(MAX_LOOKUPS)
      value = loading
    }
    return value
  }
}

/** The store a request is for, as host resolution answered it. */
export interface StoreRef {
  storeId: string
  organizationId: string
}

/** A store's parts loaded or loading since its last whole-store purge. */
interface Entry {
  organizationId: string
  parts: Map<ContextPart<unknown>, Promise<unknown>>
}

/**
 * Each store's render context in this process: what every storefront page reads of its store
 * before any page-specific work, so a page runs none of those statements again. It has the
 * freshness contract of the facet indexes (catalog-index.ts): it is used only while current. The
 * node's storefront purger (cache/purger.ts) tells it of every change once the read models show
 * it, and a write's read-your-writes waits for that purger, so a request after a write's answer
 * never reads a context from before it. Without a purger (a process that serves no storefront)
 * every read loads.
 *
 * Host resolution is not a part: which store a request is for is known only after it, so it is
 * kept by host name (app/tenancy/kept-hosts.ts). Nor is a preview's theme: it is not the
 * store's, and previews are rare.
 */
export class RenderContexts extends KeptWhileFollowed<string, Entry> {
  constructor(private readonly db: AnyDb) {
    super()
  }

  /**
   * A purge target: a change to the whole store drops its context, a purge of surrogate keys the
   * parts purged by one of them. A load under way is dropped with its part: whoever asked before
   * the purge gets it, whoever asks after loads again.
   */
  async purge(request: PurgeRequest): Promise<void> {
    if (request.all) this.entries.delete(request.storeId)
    else if (request.surrogateKeys.length > 0) {
      const parts = this.entries.get(request.storeId)?.parts
      for (const part of parts?.keys() ?? [])
        if (part.purgedBy?.some((key) => request.surrogateKeys.includes(key))) parts!.delete(part)
    }
  }

  /**
   * The store's `part`: kept while current, else loaded (and kept, when the purger is followed).
   * Kept under the store and its organization: a request naming another organization for the
   * store (which host resolution never answers) loads its own and never reads the kept one.
   */
  read<Value>(store: StoreRef, part: ContextPart<Value>): Promise<Value> {
    const kept = this.entries.touch(store.storeId)
    if (!this.followed || (kept && kept.organizationId !== store.organizationId)) return part.load(this.db, store)
    const entry: Entry = kept ?? { organizationId: store.organizationId, parts: new Map() }
    if (!kept) this.entries.set(store.storeId, entry)
    const { parts } = entry
    let value = parts.get(part)
    if (!value) {
      const loading = part.load(this.db, store)
      parts.set(part, loading)
      // A failed load is not kept: the next request tries again.
      loading.catch(() => parts.get(part) === loading && parts.delete(part))
      value = loading
      this.entries.trim(MAX_STORES)
    }
    return value as Promise<Value>
  }
}
