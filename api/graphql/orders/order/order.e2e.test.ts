import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../../test/support/app.js'
import { placeTestOrder, payTestOrder, type PlacedOrder } from '../../../../test/support/orders.js'
import { onlyError } from '../../../../test/support/products.js'

// Orders through the GraphQL endpoint: placed as checkout places them (the command path), then read,
// listed in both pagination modes, cancelled, fulfilled, noted, refunded; scopes and tenant isolation.

const t = useTestApp()
const shop = useTenant(t, 'orders-shop')
const orders: PlacedOrder[] = []

beforeAll(async () => {
  // Totals 1500+500=2000, 2500+500=3000 … 5500+500=6000, one customer each but the first two share one.
  for (const [i, email] of [
    'ada@example.com',
    'ADA@example.com',
    'bob@example.com',
    'cy@example.com',
    'di@example.com',
  ].entries())
    orders.push(await placeTestOrder(t, shop, { email, unitPrice: 1500 + i * 1000, quantity: 1 }))
}, 60_000)

const ORDER_FIELDS = `id number name status paymentStatus fulfillmentStatus email
  customer { id email orderCount }
  shippingAddress { firstName city countryCode }
  lines { title quantity unitPrice { amount currencyCode } lineTotal { amount } }
  subtotal { amount currencyCode } shipping { amount } shippingName tax { amount } taxRate taxInclusive
  total { amount currencyCode } totalRefunded { amount }
  notes { text author { type } } fulfillments { trackingNumber carrier trackingUrl }
  createdAt updatedAt revision`
const BY = `query ($id: ID, $number: Int) { order(id: $id, number: $number) { ${ORDER_FIELDS} } }`
const LIST = `query ($filter: OrderFilter, $sort: OrderSort, $first: Int, $after: String, $last: Int, $before: String, $page: Int, $limit: Int) {
  orders(filter: $filter, sort: $sort, first: $first, after: $after, last: $last, before: $before, page: $page, limit: $limit) {
    nodes { number } totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor page totalPages } } }`
type Order = Record<string, unknown> & { id: string; number: number; status: string }
type List = {
  orders: {
    nodes: { number: number }[]
    totalCount: number
    pageInfo: {
      hasNextPage: boolean
      hasPreviousPage: boolean
      endCursor: string | null
      startCursor: string | null
      totalPages: number | null
    }
  }
}
const MUTATE = (name: string) => {
  const type = name[0]!.toUpperCase() + name.slice(1)
  return `mutation ($input: ${type}Input!) { ${name}(input: $input) { order { ${ORDER_FIELDS} } eventPosition } }`
}
const mutate = (name: string, input: Record<string, unknown>, apiKey = shop.apiKey) =>
  t.gql<Record<string, { order: Order; eventPosition: string }>>(apiKey, MUTATE(name), { input })
const list = async (variables: Record<string, unknown>) => {
  const response = await t.gql<List>(shop.apiKey, LIST, variables)
  expect(response.errors).toBeUndefined()
  return response.data!.orders
}
const numbers = async (variables: Record<string, unknown>) => (await list(variables)).nodes.map((n) => n.number)

describe('orders read', () => {
  it('numbers orders from 1001 and reads one by id and by number, with its customer and address', async () => {
    expect(orders.map((o) => o.number)).toEqual([1001, 1002, 1003, 1004, 1005])
    const byNumber = await t.gql<{ order: Order }>(shop.apiKey, BY, { number: 1001 })
    expect(byNumber.errors).toBeUndefined()
    expect(byNumber.data!.order).toMatchObject({
      id: orders[0]!.orderId,
      number: 1001,
      name: '#1001',
      status: 'PENDING_PAYMENT',
      paymentStatus: 'PENDING',
      fulfillmentStatus: 'UNFULFILLED',
      email: 'ADA@example.com',
      customer: { id: orders[0]!.customerId, orderCount: 2 },
      shippingAddress: { firstName: 'Ada', city: 'Paris', countryCode: 'FR' },
      lines: [{ title: 'Linen shirt', quantity: 1, unitPrice: { amount: '15.00', currencyCode: 'EUR' } }],
      subtotal: { amount: '15.00', currencyCode: 'EUR' },
      shipping: { amount: '5.00' },
      shippingName: 'Standard',
      taxRate: 2000,
      taxInclusive: true,
      total: { amount: '20.00', currencyCode: 'EUR' },
      totalRefunded: { amount: '0.00' },
      revision: 0,
    })
    // The same email in any case is the same pseudonymous customer.
    expect(orders[1]!.customerId).toBe(orders[0]!.customerId)
    const byId = await t.gql<{ order: Order }>(shop.apiKey, BY, { id: orders[0]!.orderId })
    expect(byId.data!.order).toEqual(byNumber.data!.order)
  })

  it('answers NOT_FOUND for an unknown number, an unknown id and another tenant’s order', async () => {
    const other = await t.tenant('orders-other')
    const theirs = await placeTestOrder(t, other)
    for (const variables of [
      { number: 999_999 },
      { id: '01900000-0000-7000-8000-000000000000' },
      { id: theirs.orderId },
    ])
      expect(onlyError(await t.gql(shop.apiKey, BY, variables))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await mutate('orderNoteAdd', { orderId: theirs.orderId, text: 'hello' }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(onlyError(await t.gql(shop.apiKey, BY, {}))).toMatchObject({ code: 'BAD_USER_INPUT' })
  })

  it('filters by number, total, status, customer and date, and sorts', async () => {
    expect(await numbers({ sort: 'NUMBER_ASC' })).toEqual([1001, 1002, 1003, 1004, 1005])
    expect(await numbers({ sort: 'TOTAL_DESC', filter: { total: { min: '30', max: '50.00' } } })).toEqual([
      1004, 1003, 1002,
    ])
    expect(await numbers({ sort: 'NUMBER_ASC', filter: { number: { min: 1004 } } })).toEqual([1004, 1005])
    expect(await numbers({ sort: 'NUMBER_ASC', filter: { customerId: orders[0]!.customerId } })).toEqual([1001, 1002])
    expect(await numbers({ filter: { status: ['PAID'] }, sort: 'NUMBER_ASC' })).toEqual([])
    expect((await list({ filter: { createdAt: { from: '2000-01-01T00:00:00Z' } } })).totalCount).toBe(5)
    expect((await list({ filter: { createdAt: { to: '2000-01-01T00:00:00Z' } } })).totalCount).toBe(0)
    expect(onlyError(await t.gql(shop.apiKey, LIST, { filter: { total: { min: 'ten' } } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
    })
  })

  it('pages in page mode and walks cursors forward and backward', async () => {
    const page2 = await list({ sort: 'NUMBER_ASC', page: 2, limit: 2 })
    expect(page2.nodes.map((n) => n.number)).toEqual([1003, 1004])
    expect(page2.pageInfo).toMatchObject({ totalPages: 3, hasNextPage: true, hasPreviousPage: true })
    const first = await list({ sort: 'NUMBER_ASC', first: 2 })
    const next = await list({ sort: 'NUMBER_ASC', first: 2, after: first.pageInfo.endCursor })
    expect(next.nodes.map((n) => n.number)).toEqual([1003, 1004])
    const back = await list({ sort: 'NUMBER_ASC', last: 2, before: next.pageInfo.startCursor })
    expect(back.nodes.map((n) => n.number)).toEqual([1001, 1002])
    expect(onlyError(await t.gql(shop.apiKey, LIST, { first: 2, page: 1 }))).toMatchObject({ code: 'BAD_USER_INPUT' })
  })
})

describe('orders written by the merchant', () => {
  it('cancels an unpaid order once, with history', async () => {
    const placed = await placeTestOrder(t, shop, { email: 'cancel@example.com' })
    const cancelled = await mutate('orderCancel', { orderId: placed.orderId, reason: 'asked by the customer' })
    expect(cancelled.errors).toBeUndefined()
    expect(cancelled.data!.orderCancel!.order).toMatchObject({ status: 'CANCELLED', revision: 1 })
    expect((await mutate('orderCancel', { orderId: placed.orderId })).data!.orderCancel!.eventPosition).toBeNull()
    const history = await t.gql<{ order: { history: { nodes: { type: string; actor: { type: string } }[] } } }>(
      shop.apiKey,
      `query ($id: ID) { order(id: $id) { history(first: 10) { nodes { type actor { type } } } } }`,
      { id: placed.orderId },
    )
    expect(history.data!.order.history.nodes.map((n) => n.type)).toEqual(['OrderCancelled', 'OrderPlaced'])
    expect(onlyError(await mutate('orderFulfill', { orderId: placed.orderId }))).toMatchObject({ code: 'CONFLICT' })
  })

  it('fulfils a paid order with tracking, notes it and asks for partial refunds up to what was paid', async () => {
    const placed = await placeTestOrder(t, shop, { email: 'paid@example.com', unitPrice: 1000, quantity: 3 })
    expect(onlyError(await mutate('orderRefund', { orderId: placed.orderId }))).toMatchObject({ code: 'CONFLICT' })
    await payTestOrder(t, shop, placed.orderId, 3500)
    const fulfilled = await mutate('orderFulfill', {
      orderId: placed.orderId,
      trackingNumber: '1Z999',
      trackingUrl: 'https://track.example/1Z999',
      carrier: 'UPS',
    })
    expect(fulfilled.errors).toBeUndefined()
    expect(fulfilled.data!.orderFulfill!.order).toMatchObject({
      status: 'PAID',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'FULFILLED',
      fulfillments: [{ trackingNumber: '1Z999', carrier: 'UPS', trackingUrl: 'https://track.example/1Z999' }],
    })
    expect(onlyError(await mutate('orderFulfill', { orderId: placed.orderId, trackingUrl: 'ftp://x' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'trackingUrl'],
    })
    const noted = await mutate('orderNoteAdd', { orderId: placed.orderId, text: 'Gift wrap, please' })
    expect(noted.data!.orderNoteAdd!.order).toMatchObject({
      notes: [{ text: 'Gift wrap, please', author: { type: 'api_key' } }],
    })
    expect(onlyError(await mutate('orderNoteAdd', { orderId: placed.orderId, text: '  ' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'text'],
    })
    const partial = await mutate('orderRefund', { orderId: placed.orderId, amount: 1000, reason: 'late' })
    expect(partial.errors).toBeUndefined()
    expect(onlyError(await mutate('orderRefund', { orderId: placed.orderId, amount: 3000 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'amount'],
      message: expect.stringContaining('2500 still refundable'),
    })
    // The money moves when the provider confirms it through the webhook.
    await payTestOrder(t, shop, placed.orderId, 3500, 1000)
    const after = await t.gql<{ order: Order }>(shop.apiKey, BY, { id: placed.orderId })
    expect(after.data!.order).toMatchObject({ paymentStatus: 'PARTIALLY_REFUNDED', totalRefunded: { amount: '10.00' } })
    expect(onlyError(await mutate('orderCancel', { orderId: placed.orderId }))).toMatchObject({ code: 'CONFLICT' })
    expect(await numbers({ filter: { status: ['PAID'], fulfillmentStatus: ['FULFILLED'] } })).toEqual([placed.number])
  })

  it('keeps a payment of another amount out of PAID', async () => {
    const placed = await placeTestOrder(t, shop, { email: 'short@example.com' })
    await payTestOrder(t, shop, placed.orderId, 100)
    const read = await t.gql<{ order: Order }>(shop.apiKey, BY, { id: placed.orderId })
    expect(read.data!.order).toMatchObject({ status: 'PAYMENT_MISMATCH', paymentStatus: 'MISMATCH' })
  })

  it('refuses orders to a products-only key, and order writes to a read-only key', async () => {
    const productsOnly = await t.key(shop.storeSlug, ['products:write'])
    expect(onlyError(await t.gql(productsOnly, BY, { number: 1001 }))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await t.gql(productsOnly, LIST, {}))).toMatchObject({ code: 'FORBIDDEN' })
    expect(
      onlyError(await mutate('orderNoteAdd', { orderId: orders[0]!.orderId, text: 'x' }, productsOnly)),
    ).toMatchObject({
      code: 'FORBIDDEN',
    })
    const readOnly = await t.key(shop.storeSlug, ['orders:read'])
    expect((await t.gql(readOnly, BY, { number: 1001 })).errors).toBeUndefined()
    expect(onlyError(await mutate('orderCancel', { orderId: orders[0]!.orderId }, readOnly))).toMatchObject({
      code: 'FORBIDDEN',
    })
  })

  it('shows order history in the audit log to orders:read, and hides it from a products-only key', async () => {
    const AUDIT = `query ($filter: AuditLogFilter) { auditLog(filter: $filter, first: 50) { nodes { type entityType } } }`
    type Audit = { auditLog: { nodes: { type: string; entityType: string }[] } }
    const filter = { entityType: 'order', entityId: orders[0]!.orderId }
    const reader = await t.key(shop.storeSlug, ['orders:read'])
    const seen = await t.gql<Audit>(reader, AUDIT, { filter })
    expect(seen.errors).toBeUndefined()
    expect(seen.data!.auditLog.nodes.map((n) => n.type)).toEqual(['OrderPlaced'])
    const productsOnly = await t.key(shop.storeSlug, ['products:read'])
    expect((await t.gql<Audit>(productsOnly, AUDIT, { filter })).data!.auditLog.nodes).toEqual([])
  })

  it('offers no mutation to place or pay orders: checkout and the webhook run them on the server', async () => {
    const response = await t.gql(shop.apiKey, `mutation { orderPlace(input: {}) { eventPosition } }`)
    expect(response.errors?.[0]?.message).toMatch(/orderPlace/)
  })
})

describe('order numbers', () => {
  it('gives concurrent checkouts distinct numbers without a gap', async () => {
    const store = await t.tenant('orders-rush')
    const placed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => placeTestOrder(t, store, { email: `rush${i}@example.com`, wait: false })),
    )
    expect(placed.map((o) => o.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 1001 + i))
  }, 60_000)
})
