import { describe, expect, it } from 'vitest'
import { mutationRunner, useTestApp } from '../../../../test/support/app.js'
import { POSITION, UUID, auditTrail, onlyError, badInput } from '../../../../test/support/products.js'
import { expectPageBoundsRefused, listQuery, listReader } from '../../../../test/support/lists.js'

// URL redirects through the GraphQL endpoint: lifecycle, normalization, validation, uniqueness, lists, scopes, isolation.

const t = useTestApp()

const FIELDS = 'id path target createdAt updatedAt revision'
type Redirect = { id: string; path: string; target: string; revision: number }
type Written = { urlRedirect?: Redirect | null; deletedId?: string; eventPosition: string | null }
const MUTATION = (name: string) => {
  const type = name[0]!.toUpperCase() + name.slice(1)
  const payload = name.endsWith('Delete') ? 'deletedId' : `urlRedirect { ${FIELDS} }`
  return `mutation ($input: ${type}Input!) { ${name}(input: $input) { ${payload} eventPosition } }`
}
const run = mutationRunner<Written>(t, MUTATION)
const create = async (apiKey: string, path: string, target: string): Promise<Redirect> => {
  const response = await run(apiKey, 'urlRedirectCreate', { path, target })
  expect(response.errors).toBeUndefined()
  return response.data!.urlRedirectCreate!.urlRedirect!
}
const BY_ID = `query ($id: ID!) { urlRedirect(id: $id) { ${FIELDS} } }`
const LIST = listQuery('urlRedirects', 'UrlRedirect', 'path')
const list = listReader<{ path: string }>(t, 'urlRedirects', 'UrlRedirect', 'path')
const paths = async (apiKey: string, variables: Record<string, unknown>) =>
  (await list(apiKey, variables)).nodes.map((node) => node.path)

describe('urlRedirect lifecycle', () => {
  it('creates a normalized redirect, reads it, updates and deletes it, each step audited', async () => {
    const { apiKey } = await t.tenant('redirect-life')
    const created = await run(apiKey, 'urlRedirectCreate', {
      path: 'https://shop.example/Products/Old-Shirt/?utm_source=mail',
      target: '/products/new-shirt?color=Red',
    })
    expect(created.errors).toBeUndefined()
    const redirect = created.data!.urlRedirectCreate!.urlRedirect!
    expect(redirect).toMatchObject({
      id: expect.stringMatching(UUID),
      path: '/products/old-shirt',
      target: '/products/new-shirt?color=Red',
      revision: 0,
    })
    expect(created.data!.urlRedirectCreate!.eventPosition).toMatch(POSITION)
    expect((await t.gql(apiKey, BY_ID, { id: redirect.id })).data).toEqual({ urlRedirect: redirect })

    const updated = await run(apiKey, 'urlRedirectUpdate', { id: redirect.id, target: 'https://elsewhere.example/x' })
    expect(updated.data!.urlRedirectUpdate!.urlRedirect).toMatchObject({
      path: '/products/old-shirt',
      target: 'https://elsewhere.example/x',
      revision: 1,
    })
    const again = await run(apiKey, 'urlRedirectUpdate', { id: redirect.id, target: 'https://elsewhere.example/x' })
    expect(again.data!.urlRedirectUpdate!.eventPosition).toBeNull()

    const deleted = await run(apiKey, 'urlRedirectDelete', { id: redirect.id })
    expect(deleted.data!.urlRedirectDelete!.deletedId).toBe(redirect.id)
    expect(onlyError(await t.gql(apiKey, BY_ID, { id: redirect.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await auditTrail(t, apiKey, redirect.id)).toEqual([
      'UrlRedirectCreated@0',
      'UrlRedirectTargetChanged@1',
      'UrlRedirectDeleted@2',
    ])
    // The path is free again once its redirect is gone.
    await create(apiKey, '/products/old-shirt', '/products/other')
  })

  it('answers CONFLICT on the path when the store already redirects it, however it is written', async () => {
    const { apiKey } = await t.tenant('redirect-unique')
    const first = await create(apiKey, '/pages/faq', '/pages/help')
    expect(onlyError(await run(apiKey, 'urlRedirectCreate', { path: '/Pages/FAQ/', target: '/pages/x' }))).toEqual({
      code: 'CONFLICT',
      field: ['input', 'path'],
      message:
        "a redirect from '/pages/faq' already exists in this store; update or delete it instead of adding another",
    })
    const other = await create(apiKey, '/pages/old-faq', '/pages/help')
    expect(onlyError(await run(apiKey, 'urlRedirectUpdate', { id: other.id, path: '/pages/faq' }))).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'path'],
    })
    expect((await list(apiKey, {})).totalCount).toBe(2)
    expect((await t.gql(apiKey, BY_ID, { id: first.id })).data).toMatchObject({
      urlRedirect: { target: '/pages/help' },
    })
  })

  it('answers BAD_USER_INPUT with the field path for bad input, self-redirects and loops', async () => {
    const { apiKey } = await t.tenant('redirect-bad')
    const cases: [Record<string, unknown>, (string | number)[], RegExp][] = [
      [{ path: '/', target: '/x' }, ['input', 'path'], /home page/],
      [{ path: '/a b', target: '/x' }, ['input', 'path'], /spaces/],
      [{ path: '/a', target: 'http://insecure.example' }, ['input', 'target'], /https/],
      [{ path: '/a', target: 'javascript:alert(1)' }, ['input', 'target'], /https/],
      [{ path: '/a', target: '/A/?x=1' }, ['input', 'target'], /same path/],
    ]
    for (const [input, field, message] of cases) {
      const error = onlyError(await run(apiKey, 'urlRedirectCreate', input))
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field })
      expect(error.message).toMatch(message)
    }
    await create(apiKey, '/pages/a', '/pages/b')
    expect(onlyError(await run(apiKey, 'urlRedirectCreate', { path: '/pages/b', target: '/pages/a' }))).toEqual(
      badInput(
        ['input', 'target'],
        "a redirect from '/pages/b' to '/pages/a' would loop: '/pages/a' already leads back to '/pages/b'; change or delete that redirect first",
      ),
    )
    expect(onlyError(await run(apiKey, 'urlRedirectUpdate', { id: 'nope' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'id'],
    })
    expect((await list(apiKey, {})).totalCount).toBe(1)
  })
})

describe('urlRedirects list', () => {
  it('filters by path prefix, contains and target, sorts, and pages in both modes', async () => {
    const { apiKey } = await t.tenant('redirect-list')
    for (const path of ['/products/c', '/products/a', '/pages/b', '/products/b'])
      await create(apiKey, path, path.startsWith('/pages') ? '/pages/new' : '/products/new')
    expect(await paths(apiKey, {})).toEqual(['/products/b', '/pages/b', '/products/a', '/products/c'])
    expect(await paths(apiKey, { filter: { path: { startsWith: '/products/' } }, sort: 'PATH_ASC' })).toEqual([
      '/products/a',
      '/products/b',
      '/products/c',
    ])
    expect(await paths(apiKey, { filter: { path: { contains: '/b' } }, sort: 'PATH_DESC' })).toEqual([
      '/products/b',
      '/pages/b',
    ])
    expect(await paths(apiKey, { filter: { target: { eq: '/pages/new' } } })).toEqual(['/pages/b'])
    expect(
      await paths(apiKey, { filter: { createdAt: { from: '2000-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' } } }),
    ).toEqual([])

    const first = await list(apiKey, { sort: 'PATH_ASC', first: 2 })
    expect(first.nodes.map((n) => n.path)).toEqual(['/pages/b', '/products/a'])
    expect(first.pageInfo.hasNextPage).toBe(true)
    const next = await list(apiKey, { sort: 'PATH_ASC', first: 2, after: first.pageInfo.endCursor })
    expect(next.nodes.map((n) => n.path)).toEqual(['/products/b', '/products/c'])
    const back = await list(apiKey, { sort: 'PATH_ASC', last: 2, before: next.pageInfo.startCursor })
    expect(back.nodes.map((n) => n.path)).toEqual(['/pages/b', '/products/a'])
    expect(await paths(apiKey, { sort: 'PATH_ASC', page: 2, limit: 3 })).toEqual(['/products/c'])
    await expectPageBoundsRefused(t, apiKey, LIST)
  })
})

describe('urlRedirect access', () => {
  it("treats another store's redirect as missing, for reads and writes alike", async () => {
    const mine = await t.tenant('redirect-mine')
    const theirs = await t.tenant('redirect-theirs')
    const redirect = await create(theirs.apiKey, '/pages/secret', '/pages/new')
    expect(onlyError(await t.gql(mine.apiKey, BY_ID, { id: redirect.id }))).toEqual({
      code: 'NOT_FOUND',
      message: `URL redirect '${redirect.id}' does not exist in this store`,
    })
    for (const [name, input] of [
      ['urlRedirectUpdate', { id: redirect.id, target: '/pages/mine' }],
      ['urlRedirectDelete', { id: redirect.id }],
    ] as const) {
      expect(onlyError(await run(mine.apiKey, name, input))).toEqual({
        code: 'NOT_FOUND',
        message: `URL redirect '${redirect.id}' does not exist in this store`,
      })
    }
    expect((await list(mine.apiKey, {})).totalCount).toBe(0)
    // Paths are per store: the same path is free in another store.
    await create(mine.apiKey, '/pages/secret', '/pages/mine')
    expect((await t.gql(theirs.apiKey, BY_ID, { id: redirect.id })).data).toMatchObject({
      urlRedirect: { target: '/pages/new' },
    })
  })

  it('reads with webstore:read, writes only with webstore:write', async () => {
    const shop = await t.tenant('redirect-scopes')
    const redirect = await create(shop.apiKey, '/pages/old', '/pages/new')
    const reader = await t.key('redirect-scopes', ['webstore:read'])
    const catalog = await t.key('redirect-scopes', ['products:write'])
    expect((await t.gql(reader, BY_ID, { id: redirect.id })).data).toMatchObject({ urlRedirect: { id: redirect.id } })
    expect(onlyError(await run(reader, 'urlRedirectCreate', { path: '/x', target: '/y' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'urlRedirectCreate needs the webstore:write scope, which this credential does not have',
    })
    expect(onlyError(await run(reader, 'urlRedirectDelete', { id: redirect.id }))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await t.gql(catalog, LIST, {}))).toMatchObject({ code: 'FORBIDDEN' })
  })
})
