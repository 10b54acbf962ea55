import { PAGE_EVENT_TYPES, type PageEvent } from '../../../domain/webstore/page/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { publicationColumns } from '../../shared/publishable.js'
import { changeRow } from '../shared/content.js'
import { createPageTables, type PageDb } from './tables.js'
import { storeOf } from '../../shared/store-of.js'

/** The `pages` read model: one row per live page of every store, guarded by revision against replays. */
export const pagesProjection: Projection = {
  name: 'pages',
  version: 1,
  eventTypes: PAGE_EVENT_TYPES,
  tables: ['pages'],
  storeTables: ['pages'],
  createTables: createPageTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: PageDb = trx
    const event = { type: recorded.type, data: recorded.data } as PageEvent
    const change = (fields: Record<string, unknown>) => changeRow(trx, 'pages', event.data.pageId, recorded, fields)
    switch (event.type) {
      case 'PageCreated': {
        const { pageId, title, handle, body, templateSuffix } = event.data
        await db
          .insertInto('pages')
          .values({
            store_id: storeOf(recorded),
            organization_id: recorded.metadata.organizationId,
            id: pageId,
            title,
            handle,
            body,
            template_suffix: templateSuffix,
            status: 'DRAFT',
            revision: recorded.revision,
            created_at: recorded.metadata.occurredAt,
            updated_at: recorded.metadata.occurredAt,
          })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      }
      case 'PageRetitled':
        return change({ title: event.data.title })
      case 'PageHandleChanged':
        return change({ handle: event.data.to })
      case 'PageBodyChanged':
        return change({ body: event.data.body })
      case 'PageTemplateSuffixChanged':
        return change({ template_suffix: event.data.templateSuffix })
      case 'PageSeoChanged':
        return change({ seo_title: event.data.title, seo_description: event.data.description })
      case 'PagePublished':
      case 'PageUnpublished':
      case 'PagePublishScheduled':
      case 'PagePublishUnscheduled':
        return change(publicationColumns(event.type, event.data)!)
      case 'PageDeleted':
        await db
          .deleteFrom('pages')
          .where('store_id', '=', storeOf(recorded))
          .where('id', '=', event.data.pageId)
          .where('revision', '<', recorded.revision)
          .execute()
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}
