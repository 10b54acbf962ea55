import { PAGE_EVENT_TYPES, type PageEvent } from '../../../domain/webstore/page/events.js'
import { entityProjection } from '../../shared/entity-projection.js'
import { publicationColumns } from '../../shared/publishable.js'
import { PAGES_TABLE } from './tables.js'

/** The `pages` read model: one row per live page of every store, guarded by revision against replays. */
export const pagesProjection = entityProjection({
  table: PAGES_TABLE,
  version: 1,
  eventTypes: PAGE_EVENT_TYPES,
  idOf: (event: PageEvent) => event.data.pageId,
  apply(event, page) {
    switch (event.type) {
      case 'PageCreated': {
        const { title, handle, body, templateSuffix } = event.data
        return page.insert({ title, handle, body, template_suffix: templateSuffix, status: 'DRAFT' })
      }
      case 'PageRetitled':
        return page.change({ title: event.data.title })
      case 'PageHandleChanged':
        return page.change({ handle: event.data.to })
      case 'PageBodyChanged':
        return page.change({ body: event.data.body })
      case 'PageTemplateSuffixChanged':
        return page.change({ template_suffix: event.data.templateSuffix })
      case 'PageSeoChanged':
        return page.change({ seo_title: event.data.title, seo_description: event.data.description })
      case 'PagePublished':
      case 'PageUnpublished':
      case 'PagePublishScheduled':
      case 'PagePublishUnscheduled':
        return page.change(publicationColumns(event.type, event.data)!)
      case 'PageDeleted':
        return page.delete()
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
