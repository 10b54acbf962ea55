/** One step of a breadcrumb trail: what JSON-LD's BreadcrumbList and themes show. */
export interface Crumb {
  name: string
  path: string
}

/** What a route found for a request: the template to render, its objects and what search engines read. */
export interface RoutedPage {
  /** The JSON or Liquid template under templates/: 'product', 'collection', '404' … */
  template: string
  status: number
  /** Shopify's `request.page_type`. */
  pageType: string
  /** Objects the template sees besides the globals: `product`, `collection`, `page`, `blog`, `article`, `search`. */
  objects: Record<string, unknown>
  /** Plain text (not escaped): the layout prints it escaped. */
  title: string
  description: string
  /** og:type. */
  ogType: 'website' | 'product' | 'article'
  /** An image that represents the page (a product's first image), as a path. */
  image: string | null
  /** The path of the canonical URL, without locale (a product in a collection is canonical at /products/<handle>). */
  canonicalPath: string
  breadcrumbs: Crumb[]
  /** Structured data besides the breadcrumbs and the organization. */
  jsonLd: Record<string, unknown>[]
}

/** HTML to the plain text a meta description holds: tags dropped, whitespace collapsed, at most `max` characters. */
export function plainText(html: string, max = 320): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/** A page with the defaults of a route that sets only some fields. */
export function routedPage(
  fields: Pick<RoutedPage, 'template' | 'pageType' | 'title' | 'canonicalPath'> & Partial<RoutedPage>,
): RoutedPage {
  return {
    status: 200,
    objects: {},
    description: '',
    ogType: 'website',
    image: null,
    breadcrumbs: [],
    jsonLd: [],
    ...fields,
  }
}
