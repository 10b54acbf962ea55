/**
 * The surrogate keys a rendered storefront response carries, in the `<kind>:<id>` form purges and
 * the `Surrogate-Key` header use. A page is tagged with every resource it shows, and a page that
 * lists resources (a collection grid, search, the sitemap) also with the list's tag: a new or
 * removed resource changes the list without being on it yet.
 */
export const storefrontTags = {
  product: (id: string) => `product:${id}`,
  collection: (id: string) => `collection:${id}`,
  category: (id: string) => `category:${id}`,
  page: (id: string) => `page:${id}`,
  blog: (id: string) => `blog:${id}`,
  post: (id: string) => `post:${id}`,
  /** Pages that list products: collection grids, search, featured sections, the sitemap. */
  products: 'products',
  collections: 'collections',
  pages: 'pages',
  blogs: 'blogs',
  /** What a redirect may change: the 404 pages (a path may now redirect) and the redirects served. */
  redirects: 'redirects',
  /** Pages that list posts: a blog, a featured-posts section. */
  posts: 'posts',
} as const
