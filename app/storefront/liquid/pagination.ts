import { escapeHtml } from './escape.js'

/** A page link of the `paginate` object. */
export interface PaginatePart {
  title: string
  url: string
  is_link: boolean
}

/** Shopify's `paginate` object. */
export interface PaginateObject {
  current_page: number
  current_offset: number
  items: number
  page_size: number
  pages: number
  page_param: string
  previous: PaginatePart | null
  next: PaginatePart | null
  parts: PaginatePart[]
}

/** Most pages a shopper may ask for: deeper pages are search-engine crawl traps, not shopping. */
export const MAX_PAGE = 1000

/** `?page=` as a page number: 1 for anything that is not a whole number from 1 to MAX_PAGE. */
export function pageNumber(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1
}

/**
 * The `paginate` object for a list of `items` shown `pageSize` at a time, on page `current` of
 * the page at `path` (`?page=` set on its query, the rest of the query kept).
 */
export function paginateObject(
  path: string,
  query: URLSearchParams,
  current: number,
  pageSize: number,
  items: number,
): PaginateObject {
  const pages = Math.max(1, Math.ceil(items / pageSize))
  const urlOf = (page: number) => {
    const params = new URLSearchParams(query)
    if (page === 1) params.delete('page')
    else params.set('page', String(page))
    const search = params.toString()
    return search ? `${path}?${search}` : path
  }
  const part = (page: number): PaginatePart => ({ title: String(page), url: urlOf(page), is_link: page !== current })
  const shown = new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2])
  const parts: PaginatePart[] = []
  let last = 0
  for (let page = 1; page <= pages; page++) {
    if (!shown.has(page)) continue
    if (page - last > 1) parts.push({ title: '&hellip;', url: '', is_link: false })
    parts.push(part(page))
    last = page
  }
  return {
    current_page: current,
    current_offset: (current - 1) * pageSize,
    items,
    page_size: pageSize,
    pages,
    page_param: 'page',
    previous: current > 1 ? { ...part(current - 1), title: '&laquo; Previous' } : null,
    next: current < pages ? { ...part(current + 1), title: 'Next &raquo;' } : null,
    parts,
  }
}

/** `{{ paginate | default_pagination }}`: Shopify's markup, in a labelled <nav>. */
export function defaultPagination(
  paginate: PaginateObject | null | undefined,
  options: { previous?: unknown; next?: unknown } = {},
): string {
  if (!paginate || paginate.pages <= 1) return ''
  const link = (url: string, text: string, rel?: string) =>
    `<a href="${escapeHtml(url)}"${rel ? ` rel="${rel}"` : ''}>${text}</a>`
  const spans: string[] = []
  if (paginate.previous)
    spans.push(
      `<span class="prev">${link(paginate.previous.url, String(options.previous ?? paginate.previous.title), 'prev')}</span>`,
    )
  for (const part of paginate.parts) {
    if (part.is_link) spans.push(`<span class="page">${link(part.url, part.title)}</span>`)
    else if (part.url) spans.push(`<span class="page current" aria-current="page">${part.title}</span>`)
    else spans.push(`<span class="deco">${part.title}</span>`)
  }
  if (paginate.next)
    spans.push(
      `<span class="next">${link(paginate.next.url, String(options.next ?? paginate.next.title), 'next')}</span>`,
    )
  return `<nav class="pagination" aria-label="Pagination">${spans.join(' ')}</nav>`
}
