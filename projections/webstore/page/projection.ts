import { PAGE_EVENT_TYPES, type PageEvent } from '../../../domain/webstore/page/events.js'
import { entityProjection } from '../../shared/entity-projection.js'
import { publicationColumns } from '../../shared/publishable.js'
import { PAGES_TABLE } from './tables.js'

/** The `pages` read model: one row per live page of every store, guarded by revision against replays. */
export const pagesProjection = entityProjection(PAGES_TABLE, {
  version: 1,
  eventTypes: PAGE_EVENT_TYPES,
  idOf: (event: PageEvent) => event.data.pageId,
  on: {
    PageCreated(event, page) {
      const { title, handle, body, templateSuffix } = event.data
      return page.insert({ title, handle, body, template_suffix: templateSuffix, status: 'DRAFT' })
    },
    PageRetitled: (event, page) => page.change({ title: event.data.title }),
    PageHandleChanged: (event, page) => page.change({ handle: event.data.to }),
    PageBodyChanged: (event, page) => page.change({ body: event.data.body }),
    PageTemplateSuffixChanged: (event, page) => page.change({ template_suffix: event.data.templateSuffix }),
    PageSeoChanged: (event, page) =>
      page.change({ seo_title: event.data.title, seo_description: event.data.description }),
    PagePublished: (event, page) => page.change(publicationColumns(event.type, event.data)!),
    PageUnpublished: (event, page) => page.change(publicationColumns(event.type, event.data)!),
    PagePublishScheduled: (event, page) => page.change(publicationColumns(event.type, event.data)!),
    PagePublishUnscheduled: (event, page) => page.change(publicationColumns(event.type, event.data)!),
    PageDeleted: (_event, page) => page.delete(),
  },
})
