import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { productCreateInput, productUpdateInput, type ProductCreate, type ProductUpdate } from './commands.js'
import { productCreate, productDecider, productUpdate } from './definitions.js'
import type { ProductCreated, ProductEvent } from './events.js'
import { productPublishDue } from './lifecycle-definitions.js'
import type { ProductPublishDue } from './publishing.js'
import { NO_SEO } from '../../shared/publishable/seo.js'
import { ctx, prepareEnv } from '../../../test/support/decide-context.js'

const ID = '01900000-0000-7000-8000-000000000001'
const LATER = '2026-01-05T09:00:00.000Z'
const EARLIER = '2026-01-01T09:00:00.000Z'

const fields = {
  productId: ID,
  title: 'Red Shirt',
  handle: 'red-shirt',
  description: '',
  status: 'DRAFT',
  vendor: '',
  tags: [],
} as const
const created: ProductCreated = { type: 'ProductCreated', data: { ...fields, tags: [] } }
const activeCreated: ProductCreated = { type: 'ProductCreated', data: { ...fields, tags: [], status: 'ACTIVE' } }
const scheduled = (publishAt: string): ProductEvent => ({
  type: 'ProductPublishScheduled',
  data: { productId: ID, publishAt },
})
const spec = deciderSpec(productDecider, ctx)
const update = (data: Omit<ProductUpdate['data'], 'productId'>): ProductUpdate => ({
  type: 'ProductUpdate',
  data: { productId: ID, ...data },
})
const create = (data: Partial<ProductCreate['data']>): ProductCreate => ({
  type: 'ProductCreate',
  data: { ...fields, tags: [], ...data },
})

describe('SEO', () => {
  it('is recorded after the creation when given, and not at all when empty', () => {
    spec
      .given([])
      .when(create({ seo: { title: 'Red Shirt | Acme', description: 'Soft cotton' } }))
      .then([
        created,
        { type: 'ProductSeoChanged', data: { productId: ID, title: 'Red Shirt | Acme', description: 'Soft cotton' } },
      ])
    spec
      .given([])
      .when(create({ seo: NO_SEO }))
      .then([created])
  })

  it('changes on update by the parts given, the other part kept, and records nothing when equal', () => {
    const seo: ProductEvent = { type: 'ProductSeoChanged', data: { productId: ID, title: 'Old', description: 'Kept' } }
    spec
      .given([created, seo])
      .when(update({ seo: { title: 'New' } }))
      .then([{ type: 'ProductSeoChanged', data: { productId: ID, title: 'New', description: 'Kept' } }])
    spec
      .given([created, seo])
      .when(update({ seo: { title: 'Old', description: 'Kept' } }))
      .then([])
    spec
      .given([created, seo])
      .when(update({ seo: { description: '' } }))
      .then([{ type: 'ProductSeoChanged', data: { productId: ID, title: 'Old', description: '' } }])
  })

  it('is limited to 70 and 320 characters, and the message says why', () => {
    const long = productUpdateInput.safeParse({ id: ID, seo: { title: 'x'.repeat(71) } })
    expect(long.error?.issues[0]).toMatchObject({
      path: ['seo', 'title'],
      message: 'seo.title must be at most 70 characters (search engines cut longer titles off)',
    })
    const longer = productCreateInput.safeParse({ title: 'T', seo: { description: 'x'.repeat(321) } })
    expect(longer.error?.issues[0]).toMatchObject({ path: ['seo', 'description'] })
    expect(longer.error?.issues[0]?.message).toContain('at most 320 characters')
    expect(productCreateInput.safeParse({ title: 'T', seo: { keywords: 'a' } }).error?.issues[0]?.message).toBe(
      'seo takes title and description only, not keywords',
    )
    expect(productCreateInput.parse({ title: 'T', seo: { title: ' Trimmed ' } }).seo).toEqual({ title: 'Trimmed' })
  })
})

describe('publishAt', () => {
  it('schedules a hidden product on creation', () => {
    spec
      .given([])
      .when(create({ publishAt: LATER }))
      .then([created, scheduled(LATER)])
  })

  it('refuses a schedule on a product that would be ACTIVE, naming the field', () => {
    const field = ['input', 'publishAt']
    spec
      .given([])
      .when(create({ status: 'ACTIVE', publishAt: LATER }))
      .thenFails({ code: 'BAD_USER_INPUT', field, message: 'send status DRAFT with it' })
    spec
      .given([activeCreated])
      .when(update({ publishAt: LATER }))
      .thenFails({ code: 'BAD_USER_INPUT', field })
    spec
      .given([created])
      .when(update({ status: 'ACTIVE', publishAt: LATER }))
      .thenFails({ code: 'BAD_USER_INPUT', field })
  })

  it('moves, cancels and keeps a schedule on update', () => {
    spec
      .given([created, scheduled(LATER)])
      .when(update({ publishAt: EARLIER }))
      .then([scheduled(EARLIER)])
    spec
      .given([created, scheduled(LATER)])
      .when(update({ publishAt: LATER }))
      .then([])
    spec
      .given([created, scheduled(LATER)])
      .when(update({ publishAt: null }))
      .then([{ type: 'ProductPublishUnscheduled', data: { productId: ID, reason: 'cancelled' } }])
    spec
      .given([created])
      .when(update({ publishAt: null }))
      .then([])
    spec
      .given([created, scheduled(LATER)])
      .when(update({ title: 'Blue' }))
      .then([{ type: 'ProductRetitled', data: { productId: ID, title: 'Blue' } }])
  })

  it('ends when the product is made ACTIVE by hand', () => {
    spec
      .given([created, scheduled(LATER)])
      .when(update({ status: 'ACTIVE' }))
      .then([
        { type: 'ProductStatusChanged', data: { productId: ID, from: 'DRAFT', to: 'ACTIVE' } },
        { type: 'ProductPublishUnscheduled', data: { productId: ID, reason: 'published' } },
      ])
  })

  it('accepts a Date (GraphQL) or an ISO string with offset (MCP), stored as UTC, and rejects anything else', () => {
    expect(productCreateInput.parse({ title: 'T', publishAt: new Date(LATER) }).publishAt).toBe(LATER)
    expect(productCreateInput.parse({ title: 'T', publishAt: '2026-01-05T10:00:00+01:00' }).publishAt).toBe(LATER)
    expect(productUpdateInput.parse({ id: ID, publishAt: null }).publishAt).toBeNull()
    const bad = productCreateInput.safeParse({ title: 'T', publishAt: 'next tuesday' })
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['publishAt'],
      message: 'publishAt must be an ISO-8601 date and time, e.g. 2026-12-01T09:00:00Z',
    })
  })

  it('makes DRAFT the default status of a scheduled product, and passes null on update through as a cancel', async () => {
    const env = prepareEnv({ newId: () => ID })
    const prepared = await productCreate.prepare(
      productCreateInput.parse({ title: 'Red Shirt', publishAt: LATER }),
      env,
    )
    expect(prepared.command.data).toMatchObject({ status: 'DRAFT', publishAt: LATER, seo: NO_SEO })
    const plain = await productCreate.prepare(productCreateInput.parse({ title: 'Red Shirt' }), env)
    expect(plain.command.data).toMatchObject({ status: 'ACTIVE', publishAt: null })
    const cancel = await productUpdate.prepare(productUpdateInput.parse({ id: ID, publishAt: null }), env)
    expect(cancel.command.data.publishAt).toBeNull()
    const untouched = await productUpdate.prepare(productUpdateInput.parse({ id: ID, title: 'x' }), env)
    expect(untouched.command.data.publishAt).toBeUndefined()
  })
})

describe('productPublishDue', () => {
  const due = deciderSpec(productPublishDue.decider, ctx)
  const command: ProductPublishDue = { type: 'ProductPublishDue', data: { productId: ID } }
  const published: ProductEvent[] = [
    { type: 'ProductStatusChanged', data: { productId: ID, from: 'DRAFT', to: 'ACTIVE' } },
    { type: 'ProductPublishUnscheduled', data: { productId: ID, reason: 'published' } },
  ]

  it('turns a product ACTIVE once its time has come, the instant itself included', () => {
    due
      .given([created, scheduled(EARLIER)])
      .when(command)
      .then(published)
    due
      .given([created, scheduled(ctx.now.toISOString())])
      .when(command)
      .then(published)
  })

  it('does nothing when not due (any more), so racing schedulers change a product once', () => {
    due
      .given([created, scheduled(LATER)])
      .when(command)
      .then([])
    due
      .given([created, scheduled(EARLIER), ...published])
      .when(command)
      .then([])
    due.given([created]).when(command).then([])
    due.given([]).when(command).then([])
    due
      .given([created, scheduled(EARLIER), { type: 'ProductDeleted', data: { productId: ID, handle: 'red-shirt' } }])
      .when(command)
      .then([])
  })

  it('is not offered to any client transport', () => {
    expect(productPublishDue.transports).toEqual([])
  })
})
