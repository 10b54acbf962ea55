import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/support/app.js'
import { POSITION, createProduct } from '../../test/support/products.js'

// What a load balancer and an operator see: liveness with each projection's state, and
// readiness once the database, the event store and every projection are there.

interface Health {
  status: string
  projections: {
    name: string
    state: string
    position: string | null
    lag: number
    lastError: string | null
    parkedStores: number
  }[]
}

const t = useTestApp()

const health = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/health' })
  return { status: response.statusCode, body: response.json() as Health }
}

describe('/health', () => {
  it('is alive and lists every projection with its state, position, lag and error', async () => {
    const { status, body } = await health()
    expect(status).toBe(200)
    expect(body.status).toBe('ok')
    // Every projection the platform runs, in its order; new read models join the list.
    expect(body.projections.map((p) => p.name)).toEqual(t.platform.projections.map((p) => p.name))
    expect(body.projections.map((p) => p.name)).toEqual(expect.arrayContaining(['tenancy', 'products', 'audit_log']))
    for (const projection of body.projections) {
      expect(projection).toEqual({
        name: projection.name,
        state: 'running',
        position: projection.position,
        lag: 0,
        lastError: null,
        parkedStores: 0,
      })
    }
  })

  it('moves each projection that consumed an event to its position; lag stays 0 once caught up', async () => {
    const { apiKey } = await t.tenant('health-shop')
    await createProduct(t, apiKey, { title: 'Red Shirt' })
    const { body } = await health()
    const byName = Object.fromEntries(body.projections.map((p) => [p.name, p]))
    for (const name of ['tenancy', 'products', 'audit_log']) {
      expect(byName[name]).toMatchObject({
        state: 'running',
        position: expect.stringMatching(POSITION),
        lag: 0,
        lastError: null,
      })
    }
    // The audit log consumes every event, so it is at least as far as the product read model.
    expect(byName.audit_log!.position! >= byName.products!.position!).toBe(true)
  })

  it('needs no credential', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health', headers: { authorization: 'Bearer wrong' } })
    expect(response.statusCode).toBe(200)
  })
})

describe('/ready', () => {
  it('answers 200 with every check ok when the projections have caught up', async () => {
    const { apiKey } = await t.tenant('ready-shop')
    // The write returns once the read models show it, so nothing is behind afterwards.
    await createProduct(t, apiKey, { title: 'Green Hat' })
    const response = await t.app.inject({ method: 'GET', url: '/ready' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', eventStore: 'ok', projections: 'ok' },
    })
  })
})
