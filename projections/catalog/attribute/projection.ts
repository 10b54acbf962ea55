import { ATTRIBUTE_EVENT_TYPES, type AttributeEvent } from '../../../domain/catalog/attribute/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { createAttributeTables, type AttributeDb, type AttributesTable } from './tables.js'
import { storeOf } from '../../shared/store-of.js'

type Changes = Partial<Pick<AttributesTable, 'name' | 'type' | 'required' | 'filterable' | 'visible'>> & {
  options?: string
  validation?: string
}

/**
 * The `attributes` read model: one row per live attribute. Options change one at a time in the
 * log; the row holds the whole list, recomputed from the row itself with jsonb operations.
 */
export const attributesProjection: Projection = {
  name: 'attributes',
  version: 1,
  eventTypes: ATTRIBUTE_EVENT_TYPES,
  tables: ['attributes'],
  storeTables: ['attributes'],
  createTables: createAttributeTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: AttributeDb = trx
    const event = { type: recorded.type, data: recorded.data } as AttributeEvent
    switch (event.type) {
      case 'AttributeCreated': {
        const { data } = event
        await db
          .insertInto('attributes')
          .values({
            store_id: storeOf(recorded),
            organization_id: recorded.metadata.organizationId,
            id: data.attributeId,
            code: data.code,
            name: data.name,
            type: data.type,
            options: JSON.stringify(data.options),
            required: data.required,
            filterable: data.filterable,
            visible: data.visible,
            validation: JSON.stringify(data.validation),
            revision: recorded.revision,
            created_at: recorded.metadata.occurredAt,
            updated_at: recorded.metadata.occurredAt,
          })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      }
      case 'AttributeRenamed':
        return change(db, recorded, { name: event.data.name })
      case 'AttributeTypeChanged':
        return change(db, recorded, {
          type: event.data.to,
          validation: JSON.stringify(event.data.validation),
          options: JSON.stringify(event.data.options),
        })
      case 'AttributeFlagsChanged':
        return change(db, recorded, {
          required: event.data.required,
          filterable: event.data.filterable,
          visible: event.data.visible,
        })
      case 'AttributeValidationChanged':
        return change(db, recorded, { validation: JSON.stringify(event.data.validation) })
      case 'AttributeOptionAdded':
      case 'AttributeOptionRelabeled':
      case 'AttributeOptionRemoved':
      case 'AttributeOptionsReordered':
        return changeOptions(db, recorded, event)
      case 'AttributeReverted':
        return change(db, recorded, {})
      case 'AttributeDeleted':
        await db
          .deleteFrom('attributes')
          .where('store_id', '=', storeOf(recorded))
          .where('id', '=', event.data.attributeId)
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

async function change(db: AttributeDb, recorded: RecordedEvent, changes: Changes): Promise<void> {
  await db
    .updateTable('attributes')
    .set({ ...changes, revision: recorded.revision, updated_at: recorded.metadata.occurredAt })
    .where('store_id', '=', storeOf(recorded))
    .where('id', '=', String(recorded.data.attributeId))
    .where('revision', '<', recorded.revision)
    .execute()
}

/** Reads the row's options and writes the list the event leaves, with the same arithmetic as the decider's evolve. */
async function changeOptions(
  db: AttributeDb,
  recorded: RecordedEvent,
  event: Extract<AttributeEvent, { type: `AttributeOption${string}` }>,
): Promise<void> {
  const row = await db
    .selectFrom('attributes')
    .select(['options', 'revision'])
    .where('store_id', '=', storeOf(recorded))
    .where('id', '=', event.data.attributeId)
    .executeTakeFirst()
  if (!row || row.revision >= recorded.revision) return
  let options = [...row.options]
  switch (event.type) {
    case 'AttributeOptionAdded':
      options.splice(event.data.position, 0, event.data.option)
      break
    case 'AttributeOptionRelabeled':
      options = options.map((o) => (o.code === event.data.code ? { ...o, label: event.data.label } : o))
      break
    case 'AttributeOptionRemoved':
      options = options.filter((o) => o.code !== event.data.code)
      break
    case 'AttributeOptionsReordered':
      options = event.data.codes.flatMap((code) => options.filter((o) => o.code === code))
      break
  }
  await change(db, recorded, { options: JSON.stringify(options) })
}
