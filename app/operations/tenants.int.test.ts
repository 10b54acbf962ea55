import { setTimeout as delay } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { Projection } from '../../infra/projections/projection.js'
import { allProjections } from '../../projections/all.js'
import { useTestApp } from '../../test/support/app.js'

// A request waits READ_WAIT_MS for its write to show; an operator's tenant creation waits longer,
// because each step needs the one before it in the read models (the key names the store). Here a
// request's wait is a millisecond and the projections take their time over a new store, as a busy
// machine's first start did: the delay is the fault this test injects, not a wait for a condition.
const SLOW_STORE_MS = 300

function slowOverNewStores(projection: Projection): Projection {
  return {
    ...projection,
    async apply(event, trx) {
      if (event.type === 'StoreCreated') await delay(SLOW_STORE_MS)
      return projection.apply(event, trx)
    },
  }
}

const t = useTestApp({ config: { readWaitMs: 1 }, projections: allProjections.map(slowOverNewStores) })

describe('creating a tenant', () => {
  it('waits for each step to reach the read models, however short a request’s wait', async () => {
    const tenant = await t.tenant('slow-read-models')
    const viewer = await t.gql(tenant.apiKey, '{ viewer { stores { id slug } } }')
    expect(viewer.data).toEqual({ viewer: { stores: [{ id: tenant.storeId, slug: 'slow-read-models' }] } })
  })
})
