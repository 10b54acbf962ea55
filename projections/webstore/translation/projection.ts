import { TRANSLATION_EVENT_TYPES, type TranslationEvent } from '../../../domain/webstore/translation/events.js'
import { TRANSLATIONS_TABLE, type TranslationDb } from './tables.js'
import { storeProjection } from '../../shared/entity-projection.js'
import { deleteInStore } from '../../shared/store-rows.js'

/** The `translations` read model: the current value of every translated key per resource and locale. */
export const translationsProjection = storeProjection({
  version: 1,
  eventTypes: TRANSLATION_EVENT_TYPES,
  tables: [TRANSLATIONS_TABLE],
  async apply(event: TranslationEvent, db: TranslationDb, { storeId, recorded }) {
    switch (event.type) {
      case 'TranslationRegistered': {
        const { resourceId, resourceType, locale, key, value, sourceDigest } = event.data
        const at = recorded.metadata.occurredAt
        await db
          .insertInto('translations')
          .values({
            store_id: storeId,
            resource_id: resourceId,
            resource_type: resourceType,
            locale,
            key,
            value,
            source_digest: sourceDigest,
            revision: recorded.revision,
            updated_at: at,
          })
          .onConflict((c) =>
            c
              .columns(['store_id', 'locale', 'resource_id', 'key'])
              .doUpdateSet({ value, source_digest: sourceDigest, revision: recorded.revision, updated_at: at })
              .where('translations.revision', '<', recorded.revision),
          )
          .execute()
        return
      }
      case 'TranslationRemoved': {
        const { resourceId, locale, key } = event.data
        await deleteInStore(db, 'translations', storeId, { locale, resource_id: resourceId, key }, recorded.revision)
        return
      }
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
