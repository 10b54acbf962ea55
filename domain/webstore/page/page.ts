import { NEW_PUBLISHABLE, type Publishable } from '../../shared/publishable/decide.js'
import { applyPublicationChange } from '../../shared/publishable/publication.js'
import { pagePublishable, type PageEvent, type PageFields } from './events.js'

/** A page stream is empty, holds a live page, or ends in a deletion (ids are never reused). */
export type PageState = { kind: 'empty' } | { kind: 'existing'; page: LivePage } | { kind: 'deleted'; pageId: string }

export type LivePage = PageFields & Publishable

export const initialPageState = (): PageState => ({ kind: 'empty' })

export function evolvePage(state: PageState, event: PageEvent): PageState {
  if (event.type === 'PageCreated') return { kind: 'existing', page: { ...event.data, ...NEW_PUBLISHABLE } }
  if (state.kind !== 'existing') return state
  const page = state.page
  const next = (changes: Partial<LivePage>): PageState => ({ kind: 'existing', page: { ...page, ...changes } })
  if (pagePublishable.is(event)) return next(applyPublicationChange(page, pagePublishable.changeOf(event)))
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
    case 'PageDeleted':
      return { kind: 'deleted', pageId: page.pageId }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
