/** Reads one page of a list and its total size. */
export type Paginator = (page: number, size: number) => Promise<{ items: unknown[]; total: number }>

// Which lists `{% paginate %}` can page: `collection.products`, `blog.articles`, `search.results`.
// Kept beside the objects rather than on them, so no template can call a paginator itself.
const paginators = new WeakMap<object, Map<string, Paginator>>()

export function registerPaginator(owner: object, property: string, paginator: Paginator): void {
  const own = paginators.get(owner) ?? new Map<string, Paginator>()
  own.set(property, paginator)
  paginators.set(owner, own)
}

export function paginatorOf(owner: unknown, property: string): Paginator | null {
  return typeof owner === 'object' && owner !== null ? (paginators.get(owner)?.get(property) ?? null) : null
}
