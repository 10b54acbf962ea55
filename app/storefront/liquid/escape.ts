const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text as HTML: the five characters that can end an element or an attribute become entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}

/**
 * Like `escapeHtml`, but entities already there stay as they are. Plain-text fields reach Liquid
 * already escaped (storefront objects), so the `escape` a theme adds must not escape them twice.
 */
export function escapeOnce(text: string): string {
  return text.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)|[<>"']/g, (c) => ENTITIES[c]!)
}

/** The text `escapeHtml` escaped: for structured data built from a storefront object's field. */
export function unescapeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === '#39' ? "'" : ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[name]!,
  )
}
