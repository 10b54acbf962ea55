import { describe, expect, it, vi } from 'vitest'
import { findCustomerIdentities, findOrderAddresses } from '../../../../app/orders/customer/identities.js'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { payTestOrder, placeTestOrder } from '../../../../test/support/orders.js'
import { onlyError } from '../../../../test/support/products.js'

// Customers through GraphQL: gathered from their orders, their personal data joined from the
// deletable tables, and erased on request while their orders stay.

const t = useTestApp()
const shop = useTenant(t, 'customers-shop')

const CUSTOMER_FIELDS = `id erased email firstName lastName addresses { city } orderCount totalSpent { amount currencyCode }
  firstOrderAt lastOrderAt erasedAt orders(first: 10) { nodes { number email shippingAddress { city } } }`
const BY_ID = `query ($id: ID!) { customer(id: $id) { ${CUSTOMER_FIELDS} } }`
const LIST = `query ($filter: CustomerFilter, $sort: CustomerSort) { customers(filter: $filter, sort: $sort) { nodes { id orderCount erased } totalCount } }`
const ERASE = `mutation ($input: CustomerEraseInput!) { customerErase(input: $input) { customer { ${CUSTOMER_FIELDS} } eventPosition } }`
type Customer = Record<string, unknown> & { id: string }

describe('customers', () => {
  it('gathers a customer from their orders, with name, email, addresses and money spent', async () => {
    const first = await placeTestOrder(t, shop, { email: 'grace@example.com', unitPrice: 1000, quantity: 1 })
    const second = await placeTestOrder(t, shop, { email: 'Grace@Example.com', unitPrice: 2000, quantity: 1 })
    expect(second.customerId).toBe(first.customerId)
    await payTestOrder(t, shop, first.orderId, 1500)
    const read = await t.gql<{ customer: Customer }>(shop.apiKey, BY_ID, { id: first.customerId })
    expect(read.errors).toBeUndefined()
    expect(read.data!.customer).toMatchObject({
      id: first.customerId,
      erased: false,
      email: 'Grace@Example.com',
      firstName: 'Ada',
      addresses: [{ city: 'Paris' }],
      orderCount: 2,
      totalSpent: { amount: '15.00', currencyCode: 'EUR' },
      firstOrderAt: expect.any(String),
      orders: { nodes: [{ number: second.number }, { number: first.number }] },
    })
    const listed = await t.gql<{ customers: { nodes: { id: string }[]; totalCount: number } }>(shop.apiKey, LIST, {
      filter: { orderCount: { min: 2 } },
    })
    expect(listed.data!.customers).toMatchObject({ totalCount: 1, nodes: [{ id: first.customerId }] })
  })

  it('erases the personal data, keeps the orders, and answers the same again', async () => {
    const placed = await placeTestOrder(t, shop, { email: 'forget.me@example.com' })
    const erased = await t.gql<{ customerErase: { customer: Customer; eventPosition: string } }>(shop.apiKey, ERASE, {
      input: { id: placed.customerId },
    })
    expect(erased.errors).toBeUndefined()
    expect(erased.data!.customerErase.customer).toMatchObject({
      erased: true,
      email: null,
      firstName: null,
      lastName: null,
      addresses: [],
      orderCount: 1,
      erasedAt: expect.any(String),
      orders: { nodes: [{ number: placed.number, email: null, shippingAddress: null }] },
    })
    // The rows themselves go, not only their display.
    await vi.waitFor(async () => {
      const db = t.platform.database.db
      expect((await findCustomerIdentities(db, shop.storeId, [placed.customerId])).size).toBe(0)
      expect((await findOrderAddresses(db, shop.storeId, [placed.orderId])).size).toBe(0)
    })
    const again = await t.gql<{ customerErase: { eventPosition: string | null } }>(shop.apiKey, ERASE, {
      input: { id: placed.customerId },
    })
    expect(again.data!.customerErase.eventPosition).toBeNull()
    const order = await t.gql<{ order: { email: string | null; status: string } }>(
      shop.apiKey,
      `query ($id: ID) { order(id: $id) { email status } }`,
      { id: placed.orderId },
    )
    expect(order.data!.order).toEqual({ email: null, status: 'PENDING_PAYMENT' })
    // The same email later is a new, unrelated customer.
    const back = await placeTestOrder(t, shop, { email: 'forget.me@example.com' })
    expect(back.customerId).not.toBe(placed.customerId)
  })

  it('answers NOT_FOUND for an unknown customer and another tenant’s, and FORBIDDEN without orders scopes', async () => {
    const other = await t.tenant('customers-other')
    const theirs = await placeTestOrder(t, other, { email: 'theirs@example.com' })
    expect(onlyError(await t.gql(shop.apiKey, BY_ID, { id: theirs.customerId }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(shop.apiKey, ERASE, { input: { id: theirs.customerId } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(onlyError(await t.gql(shop.apiKey, ERASE, { input: { id: 'nope' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'id'],
    })
    const webstoreOnly = await t.key(shop.storeSlug, ['webstore:write'])
    expect(onlyError(await t.gql(webstoreOnly, LIST, {}))).toMatchObject({ code: 'FORBIDDEN' })
  })
})
