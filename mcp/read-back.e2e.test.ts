import { beforeAll, expect, it } from 'vitest'
import { productStream } from '../domain/catalog/product/streams.js'
import { useTestApp } from '../test/support/app.js'
import { callToolError, useMcpShop } from '../test/support/mcp.js'

// A write tool answers with the entity read back from the read model. When the projections are
// stalled past the read wait, the write has still happened: the answer must say so, name the
// entity, and tell the agent not to repeat the write (a second create_product would be a second product).

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-stalled')

beforeAll(async () => {
  await t.platform.runner!.stop()
  t.platform.config.readWaitMs = 300
})

it('reports a write the read model has not shown yet as saved, without the stale entity', async () => {
  const error = await callToolError(mcp.client, 'create_product', { title: 'Slow Lamp' })
  expect(error.code).toBe('CONFLICT')
  expect(error.message).toMatch(
    /^the change to '[0-9a-f-]{36}' was saved \(log position \d+-\d+\) but the read models did not show it within 300 ms; do not repeat it/,
  )

  const id = /'([0-9a-f-]{36})'/.exec(error.message)![1]!
  const events = await t.platform.eventStore.readStream(productStream(mcp.tenant.storeId, id))
  expect(events.map((event) => event.type)).toEqual(['ProductCreated'])
})
