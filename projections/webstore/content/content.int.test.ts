import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { contentEntryStream, contentTypeStream } from '../../../domain/webstore/content/streams.js'
import { createdRow, type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { contentProjection } from './projection.js'

const spec = useProjectionSpec(contentProjection)

const field = (key: string) => ({
  key,
  name: key,
  type: 'SINGLE_LINE_TEXT',
  required: false,
  list: false,
  validations: {},
})

function typeOf(shop: SpecStore) {
  const type = shop.newEntity(contentTypeStream, 'typeId')
  return {
    ...type,
    created: () => type.event('ContentTypeCreated', { handle: 'faq', name: 'FAQ', fields: [field('question')] }),
  }
}

function entryOf(shop: SpecStore, typeId: string) {
  const entryId = randomUUID()
  const event = shop.entity(contentEntryStream(shop.storeId, entryId), { entryId, typeId })
  return {
    entryId,
    event,
    created: (handle = 'shipping') => event('ContentEntryCreated', { handle, fields: { question: 'How long?' } }),
  }
}

describe('content read model', () => {
  it('files a created type and a created entry', async () => {
    const shop = spec.store()
    const faq = typeOf(shop)
    const entry = entryOf(shop, faq.typeId)
    const [typeCreated, entryCreated] = [faq.created(), entry.created()]
    await spec.given([typeCreated, entryCreated]).thenRows('content_types', shop.storeId, [
      {
        ...createdRow(shop, faq.typeId, typeCreated),
        handle: 'faq',
        name: 'FAQ',
        fields: [field('question')],
      },
    ])
    await spec.given([]).thenRows('content_entries', shop.storeId, [
      {
        ...createdRow(shop, entry.entryId, entryCreated),
        type_id: faq.typeId,
        handle: 'shipping',
        fields: { question: 'How long?' },
      },
    ])
  })

  it("renames a type, changes its handle and fields, and changes an entry's fields and handle", async () => {
    const shop = spec.store()
    const faq = typeOf(shop)
    const entry = entryOf(shop, faq.typeId)
    const fields = [field('question'), field('answer')]
    const events = [
      faq.created(),
      entry.created(),
      faq.event('ContentTypeRenamed', { name: 'Questions' }),
      faq.event('ContentTypeHandleChanged', { from: 'faq', to: 'questions' }),
      faq.event('ContentTypeFieldsChanged', { fields, added: ['answer'], removed: [], changed: [] }),
      entry.event('ContentEntryFieldsChanged', {
        fields: { question: 'When?', answer: 'Soon' },
        changed: ['question'],
      }),
      entry.event('ContentEntryHandleChanged', { from: 'shipping', to: 'delivery' }),
    ]
    await spec
      .given(events)
      .thenRows('content_types', shop.storeId, [
        { handle: 'questions', name: 'Questions', fields, revision: 3, updated_at: events[4]!.metadata.occurredAt },
      ])
    await spec
      .given([])
      .thenRows('content_entries', shop.storeId, [
        { handle: 'delivery', fields: { question: 'When?', answer: 'Soon' }, revision: 2 },
      ])
  })

  it('drops a deleted entry and a deleted type, keeping the entries of the deleted type', async () => {
    const shop = spec.store()
    const faq = typeOf(shop)
    const [kept, gone] = [entryOf(shop, faq.typeId), entryOf(shop, faq.typeId)]
    await spec
      .given([
        faq.created(),
        kept.created('kept'),
        gone.created('gone'),
        gone.event('ContentEntryDeleted', { handle: 'gone' }),
        faq.event('ContentTypeDeleted', { handle: 'faq' }),
      ])
      .thenRows('content_types', shop.storeId, [])
    await spec.given([]).thenRows('content_entries', shop.storeId, [{ id: kept.entryId, handle: 'kept' }])
  })

  it("ignores an event it has already applied and leaves another store's content alone", async () => {
    const shop = spec.store()
    const other = spec.store()
    const faq = typeOf(shop)
    const created = faq.created()
    const renamed = faq.event('ContentTypeRenamed', { name: 'Questions' })
    await spec.given([created, renamed]).thenRows('content_types', shop.storeId, [{ name: 'Questions', revision: 1 }])
    await spec
      .given([
        { ...created, data: { ...created.data, name: 'Replayed' } },
        { ...renamed, data: { ...renamed.data, name: 'Replayed' } },
        typeOf(other).created(),
      ])
      .thenRows('content_types', shop.storeId, [{ name: 'Questions', revision: 1 }])
  })
})
