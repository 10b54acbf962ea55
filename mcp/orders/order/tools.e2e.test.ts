import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, expectToolsOffered, useMcpShop } from '../../../test/support/mcp.js'
import { payTestOrder, placeTestOrder } from '../../../test/support/orders.js'

// Agents read orders and customers with get_/list_ tools and handle orders with the registry's
// write tools; placing and paying are not tools (checkout and the webhook run them on the server).

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-orders')

type OrderJson = { id: string; number: number; name: string; status: string; fulfillmentStatus: string }

describe('order and customer tools', () => {
  it('are offered from the registry, without the server-side commands', async () => {
    const names = await expectToolsOffered(
      mcp.client,
      [
        'get_order',
        'list_orders',
        'get_customer',
        'list_customers',
        'cancel_order',
        'refund_order',
        'fulfill_order',
        'add_order_note',
        'erase_customer',
      ],
      { readOnly: 'list_orders', destructive: 'erase_customer' },
    )
    for (const name of ['place_order', 'sync_order_payment', 'expire_order', 'record_order_payment_session'])
      expect(names).not.toContain(name)
  })

  it('lists, reads by number, fulfils and notes an order, and reads its customer', async () => {
    const placed = await placeTestOrder(t, mcp.tenant, { email: 'agent@example.com' })
    await payTestOrder(t, mcp.tenant, placed.orderId, 3500)
    const listed = await callTool<{ nodes: OrderJson[]; totalCount: number }>(mcp.client, 'list_orders', {
      filter: { status: ['PAID'] },
    })
    expect(listed.data).toMatchObject({ totalCount: 1, nodes: [{ id: placed.orderId, name: '#1001' }] })
    expect((await callTool<OrderJson>(mcp.client, 'get_order', { number: 1001 })).data).toMatchObject({
      id: placed.orderId,
      status: 'PAID',
    })
    const fulfilled = await callTool<OrderJson>(mcp.client, 'fulfill_order', {
      orderId: placed.orderId,
      carrier: 'DHL',
    })
    expect(fulfilled.data).toMatchObject({ fulfillmentStatus: 'FULFILLED' })
    const noted = await callTool<{ notes: { text: string }[] }>(mcp.client, 'add_order_note', {
      orderId: placed.orderId,
      text: 'called the customer',
    })
    expect(noted.data.notes).toEqual([expect.objectContaining({ text: 'called the customer' })])
    expect(await callToolError(mcp.client, 'fulfill_order', { orderId: placed.orderId })).toMatchObject({
      code: 'CONFLICT',
    })
    const customer = await callTool<{ email: string; orderCount: number }>(mcp.client, 'get_customer', {
      id: placed.customerId,
    })
    expect(customer.data).toMatchObject({ email: 'agent@example.com', orderCount: 1 })
    expect(await callToolError(mcp.client, 'get_order', { number: 4242 })).toMatchObject({ code: 'NOT_FOUND' })
  })
})
