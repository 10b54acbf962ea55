import { Drop } from 'liquidjs'
import type { BlogRecord } from '../../../projections/webstore/blog/queries.js'
import type { PageRecord } from '../../../projections/webstore/page/queries.js'
import type { PostRecord } from '../../../projections/webstore/post/queries.js'
import { escapeHtml } from '../liquid/escape.js'
import type { ObjectContext } from './context.js'
import { registerPaginator } from './paginators.js'

/** Articles a blog shows without `{% paginate %}`, as Shopify's 50. */
const UNPAGINATED = 50

/** Shopify's `page`; `content` is the merchant's HTML. */
export function pageObject(ctx: ObjectContext, page: PageRecord) {
  return {
    id: page.id,
    title: escapeHtml(ctx.overlay.text(page.id, 'title', page.title)),
    handle: page.handle,
    url: ctx.url(`/pages/${page.handle}`),
    content: ctx.overlay.text(page.id, 'body', page.body),
    template_suffix: page.templateSuffix,
    published_at: page.publishedAt?.toISOString() ?? page.publishAt?.toISOString() ?? null,
  }
}

/** Shopify's `article`. */
export function articleObject(ctx: ObjectContext, blog: BlogRecord, post: PostRecord) {
  const text = (key: string, source: string) => ctx.overlay.text(post.id, key, source)
  const content = text('body', post.body)
  const excerpt = text('excerpt', post.excerpt)
  return {
    id: post.id,
    title: escapeHtml(text('title', post.title)),
    handle: post.handle,
    url: ctx.url(`/blogs/${blog.handle}/${post.handle}`),
    author: escapeHtml(post.author),
    content,
    excerpt,
    excerpt_or_content: excerpt || content,
    tags: post.tags.map(escapeHtml),
    published_at: (post.publishedAt ?? post.publishAt ?? post.createdAt).toISOString(),
    created_at: post.createdAt.toISOString(),
  }
}

export type ArticleObject = ReturnType<typeof articleObject>

/** Shopify's `blog`, whose `articles` are its visible posts, newest first; `{% paginate blog.articles %}` pages them. */
export class BlogDrop extends Drop {
  readonly id: string
  readonly title: string
  readonly handle: string
  readonly url: string
  readonly #ctx: ObjectContext
  readonly #blog: BlogRecord

  constructor(ctx: ObjectContext, blog: BlogRecord) {
    super()
    this.#ctx = ctx
    this.#blog = blog
    this.id = blog.id
    this.title = escapeHtml(ctx.overlay.text(blog.id, 'title', blog.title))
    this.handle = blog.handle
    this.url = ctx.url(`/blogs/${blog.handle}`)
    registerPaginator(this, 'articles', (page, size) => this.#page(page, size))
  }

  async #page(page: number, size: number): Promise<{ items: ArticleObject[]; total: number }> {
    const connection = await this.#ctx.shopper.posts({ page, limit: size, filter: { blogId: this.#blog.id } })
    await this.#ctx.overlay.load(connection.nodes.map((post) => post.id))
    return {
      items: connection.nodes.map((post) => articleObject(this.#ctx, this.#blog, post)),
      total: connection.totalCount,
    }
  }

  async articles(): Promise<ArticleObject[]> {
    return (await this.#page(1, UNPAGINATED)).items
  }

  async articles_count(): Promise<number> {
    return (await this.#page(1, 1)).total
  }
}
