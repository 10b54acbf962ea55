import { NO_SEO, type ProductSeo } from '../../catalog/product/seo.js'
import { applyPublicationChange, UNPUBLISHED, type Publication } from '../shared/publication.js'
import type { PageEvent, PageFields } from './events.js'

/** A page stream is empty, holds a live page, or ends in a deletion (ids are never reused). */
export type PageState = { kind: 'empty' } | { kind: 'existing'; page: LivePage } | { kind: 'deleted'; pageId: string }

export type LivePage = PageFields & Publication & { seo: ProductSeo }

export const initialPageState = (): PageState => ({ kind: 'empty' })

export function evolvePage(state: PageState, event: PageEvent): PageState {
  if (event.type === 'PageCreated') return { kind: 'existing', page: { ...event.data, ...UNPUBLISHED, seo: NO_SEO } }
  if (state.kind !== 'existing') return state
  const page = state.page
  const next = (changes: Partial<LivePage>): PageState => ({ kind: 'existing', page: { ...page, ...changes } })
  switch (event.type) {
    case 'PageRetitled':
      return next({ title: event.data.title })
    case 'PageHandleChanged':
      return next({ handle: event.data.to })
    case 'PageBodyChanged':
      return next({ body: event.data.body })
    case 'PageTemplateSuffixChanged':
      return next({ templateSuffix: event.data.templateSuffix })
    case 'PageSeoChanged':
      return next({ seo: { title: event.data.title, description: event.data.description } })
    case 'PagePublished':
      return next(applyPublicationChange(page, { kind: 'published', publishedAt: event.data.publishedAt }))
    case 'PageUnpublished':
      return next(applyPublicationChange(page, { kind: 'unpublished' }))
    case 'PagePublishScheduled':
      return next(applyPublicationChange(page, { kind: 'scheduled', publishAt: event.data.publishAt }))
    case 'PagePublishUnscheduled':
      return next(applyPublicationChange(page, { kind: 'unscheduled', reason: event.data.reason }))
    case 'PageDeleted':
      return { kind: 'deleted', pageId: page.pageId }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
