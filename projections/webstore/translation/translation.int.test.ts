import { describe, it } from 'vitest'
import { translationStream } from '../../../domain/webstore/translation/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { translationsProjection } from './projection.js'

const spec = useProjectionSpec(translationsProjection)

function resourceOf(shop: SpecStore, id?: string) {
  const { resourceId, event } = shop.newEntity(translationStream, 'resourceId', id)
  return {
    resourceId,
    registered: (locale: string, key: string, value: string, sourceDigest = 'digest-1') =>
      event('TranslationRegistered', {
        resourceType: 'PRODUCT',
        locale,
        key,
        value,
        sourceDigest,
      }),
    removed: (locale: string, key: string) => event('TranslationRemoved', { locale, key }),
  }
}

describe('translations read model', () => {
  it('keeps one row per resource, locale and key', async () => {
    const shop = spec.store()
    const mug = resourceOf(shop)
    const events = [
      mug.registered('fr', 'title', 'Tasse'),
      mug.registered('de', 'title', 'Becher'),
      mug.registered('fr', 'body_html', '<p>Belle</p>'),
    ]
    const row = (locale: string, key: string, value: string, revision: number) => ({
      locale,
      key,
      resource_id: mug.resourceId,
      resource_type: 'PRODUCT',
      value,
      source_digest: 'digest-1',
      revision,
      updated_at: events[revision]!.metadata.occurredAt,
    })
    await spec
      .given(events)
      .thenRows('translations', shop.storeId, [
        row('de', 'title', 'Becher', 1),
        row('fr', 'body_html', '<p>Belle</p>', 2),
        row('fr', 'title', 'Tasse', 0),
      ])
  })

  it('replaces the value and source digest of a key registered again, and deletes a removed key', async () => {
    const shop = spec.store()
    const mug = resourceOf(shop)
    await spec
      .given([
        mug.registered('fr', 'title', 'Tasse'),
        mug.registered('fr', 'body_html', '<p>Belle</p>'),
        mug.registered('fr', 'title', 'Grande tasse', 'digest-2'),
        mug.removed('fr', 'body_html'),
      ])
      .thenRows('translations', shop.storeId, [
        { locale: 'fr', key: 'title', value: 'Grande tasse', source_digest: 'digest-2', revision: 2 },
      ])
  })

  it('does not bring an older value back when an earlier registration is applied again', async () => {
    const shop = spec.store()
    const mug = resourceOf(shop)
    const first = mug.registered('fr', 'title', 'Tasse')
    const second = mug.registered('fr', 'title', 'Grande tasse')
    const expected = [{ key: 'title', value: 'Grande tasse', revision: 1 }]
    await spec.given([first, second]).thenRows('translations', shop.storeId, expected)
    await spec.given([first]).thenRows('translations', shop.storeId, expected)
  })

  it("keeps a store's translation when another store removes the same key of a resource with the same id", async () => {
    const shop = spec.store()
    const other = spec.store()
    const mine = resourceOf(shop)
    const theirs = resourceOf(other, mine.resourceId)
    await spec
      .given([
        mine.registered('fr', 'title', 'Tasse'),
        theirs.registered('fr', 'title', 'Bol'),
        theirs.removed('fr', 'title'),
      ])
      .thenRows('translations', shop.storeId, [{ resource_id: mine.resourceId, value: 'Tasse' }])
  })
})
