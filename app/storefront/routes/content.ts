import { unescapeHtml } from '../liquid/escape.js'
import { articleObject, BlogDrop, pageObject } from '../objects/content.js'
import type { ObjectContext } from '../objects/context.js'
import { plainText, routedPage, type RoutedPage } from './page.js'

/** `/pages/<handle>`: a page visible now, else null (404). */
export async function contentPage(ctx: ObjectContext, handle: string): Promise<RoutedPage | null> {
  const record = await ctx.shopper.page(handle)
  if (!record) return null
  await ctx.overlay.load([record.id])
  const page = pageObject(ctx, record)
  const title = unescapeHtml(page.title)
  return routedPage({
    template: record.templateSuffix ? `page.${record.templateSuffix}` : 'page',
    pageType: 'page',
    objects: { page },
    title: ctx.overlay.text(record.id, 'seo.title', record.seo.title) || title,
    description: ctx.overlay.text(record.id, 'seo.description', record.seo.description) || plainText(page.content),
    canonicalPath: `/pages/${record.handle}`,
    breadcrumbs: [{ name: title, path: `/pages/${record.handle}` }],
  })
}

/** `/blogs/<handle>`: a blog and its visible posts. */
export async function blogPage(ctx: ObjectContext, handle: string): Promise<RoutedPage | null> {
  const record = await ctx.shopper.blog(handle)
  if (!record) return null
  await ctx.overlay.load([record.id])
  const blog = new BlogDrop(ctx, record)
  const title = unescapeHtml(blog.title)
  return routedPage({
    template: 'blog',
    pageType: 'blog',
    objects: { blog },
    title,
    canonicalPath: `/blogs/${record.handle}`,
    breadcrumbs: [{ name: title, path: `/blogs/${record.handle}` }],
  })
}

/** `/blogs/<blog>/<handle>`: a post visible now, of that blog, else null (404). */
export async function articlePage(ctx: ObjectContext, blogHandle: string, handle: string): Promise<RoutedPage | null> {
  const blogRecord = await ctx.shopper.blog(blogHandle)
  const record = blogRecord && (await ctx.shopper.post(blogRecord, handle))
  if (!blogRecord || !record) return null
  await ctx.overlay.load([blogRecord.id, record.id])
  const blog = new BlogDrop(ctx, blogRecord)
  const article = articleObject(ctx, blogRecord, record)
  const title = unescapeHtml(article.title)
  return routedPage({
    template: 'article',
    pageType: 'article',
    objects: { blog, article },
    title: ctx.overlay.text(record.id, 'seo.title', record.seo.title) || title,
    description:
      ctx.overlay.text(record.id, 'seo.description', record.seo.description) || plainText(article.excerpt_or_content),
    ogType: 'article',
    canonicalPath: `/blogs/${blogRecord.handle}/${record.handle}`,
    breadcrumbs: [
      { name: unescapeHtml(blog.title), path: `/blogs/${blogRecord.handle}` },
      { name: title, path: `/blogs/${blogRecord.handle}/${record.handle}` },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: title,
        datePublished: article.published_at,
        ...(record.author ? { author: { '@type': 'Person', name: record.author } } : {}),
      },
    ],
  })
}
