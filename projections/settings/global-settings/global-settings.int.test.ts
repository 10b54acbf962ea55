import { describe, it } from 'vitest'
import { settingsStream } from '../../../domain/settings/global-settings/streams.js'
import {
  changedEventType,
  defaultsOf,
  type AnyGroupValues,
  type SettingsGroup,
} from '../../../domain/settings/global-settings/groups.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { globalSettingsProjection } from './projection.js'

const spec = useProjectionSpec(globalSettingsProjection)

function changed(shop: SpecStore, group: SettingsGroup, values: AnyGroupValues) {
  return shop.event(settingsStream(shop.storeId, group), changedEventType(group), {
    storeId: shop.storeId,
    group,
    version: 1,
    values,
    changed: Object.keys(values),
  })
}

describe('global settings read model', () => {
  it('keeps one row per changed group, its values filled with the defaults of fields the event lacks', async () => {
    const shop = spec.store()
    await spec.given([changed(shop, 'checkout', { termsText: 'Be nice' })]).thenRows('global_settings', shop.storeId, [
      {
        group_name: 'checkout',
        version: 1,
        values: { ...defaultsOf('checkout'), termsText: 'Be nice' },
        revision: 0,
      },
    ])
  })

  it('replaces the values of a group on the next change, leaving the other groups', async () => {
    const shop = spec.store()
    await spec
      .given([
        changed(shop, 'checkout', { termsText: 'Be nice' }),
        changed(shop, 'analytics', { googleAnalyticsId: 'G-ABCD1234' }),
        changed(shop, 'checkout', { ...defaultsOf('checkout'), requirePhone: true }),
      ])
      .thenRows(
        'global_settings',
        shop.storeId,
        [
          {
            group_name: 'analytics',
            values: { ...defaultsOf('analytics'), googleAnalyticsId: 'G-ABCD1234' },
            revision: 0,
          },
          { group_name: 'checkout', values: { ...defaultsOf('checkout'), requirePhone: true }, revision: 1 },
        ],
        ['group_name'],
      )
  })

  it("leaves another store's settings alone", async () => {
    const shop = spec.store()
    const other = spec.store()
    await spec
      .given([changed(shop, 'checkout', { termsText: 'Mine' })])
      .thenRows('global_settings', shop.storeId, [{ group_name: 'checkout', revision: 0 }])
    await spec
      .given([changed(other, 'checkout', { termsText: 'Theirs' })])
      .thenRows('global_settings', shop.storeId, [
        { group_name: 'checkout', values: { ...defaultsOf('checkout'), termsText: 'Mine' } },
      ])
  })
})
