import { describe, expect, it } from 'vitest'
import { mutationRunner, useTestApp } from '../../../../test/support/app.js'
import { POSITION, UUID, auditTrail, onlyError, badInput } from '../../../../test/support/products.js'
import {
  PAGE_FIELDS,
  contentMutation,
  createPage,
  write,
  type PageView,
} from '../../../../test/support/webstore-content.js'
import { expectPageBoundsRefused, listReader, listQuery } from '../../../../test/support/lists.js'

// Pages through the GraphQL endpoint: lifecycle, sanitizing, handles, lists, errors and isolation.

const t = useTestApp()

type Written = { page: PageView | null; eventPosition: string | null }
const run = mutationRunner<Written>(t, contentMutation)
const BY = `query ($id: ID, $handle: String) { page(id: $id, handle: $handle) { ${PAGE_FIELDS} } }`
const LIST = listQuery('pages', 'Page', 'handle')
const handles = listReader<{ handle: string }>(t, 'pages', 'Page', 'handle')

describe('pageCreate and reads', () => {
  it('creates a published page with a generated handle and a sanitized body, readable by id and handle', async () => {
    const { apiKey } = await t.tenant('page-create')
    const { page, eventPosition } = await write<Written>(t, apiKey, 'pageCreate', {
      title: 'About us',
      body: '<p onclick="steal()">Hello <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><img src="x.png" onerror="steal()">',
      seo: { title: 'About' },
    })
    expect(page).toMatchObject({
      id: expect.stringMatching(UUID),
      title: 'About us',
      handle: 'about-us',
      templateSuffix: '',
      status: 'PUBLISHED',
      visible: true,
      seo: { title: 'About', description: '' },
      publishAt: null,
    })
    expect(page!.body).toBe('<p>Hello <a>there</a></p><img src="x.png" />')
    expect(page!.publishedAt).not.toBeNull()
    expect(eventPosition).toMatch(POSITION)
    expect((await t.gql(apiKey, BY, { id: page!.id })).data).toEqual({ page })
    expect((await t.gql(apiKey, BY, { handle: 'about-us' })).data).toEqual({ page })
    expect(await auditTrail(t, apiKey, page!.id)).toEqual(['PageCreated@0', 'PageSeoChanged@1', 'PagePublished@2'])
  })

  it('numbers a generated handle that is taken and refuses a given one with CONFLICT, changing nothing', async () => {
    const { apiKey } = await t.tenant('page-handles')
    await createPage(t, apiKey, { title: 'FAQ' })
    expect((await createPage(t, apiKey, { title: 'FAQ' })).handle).toBe('faq-2')
    expect(onlyError(await run(apiKey, 'pageCreate', { title: 'Other', handle: 'faq' }))).toEqual({
      code: 'CONFLICT',
      field: ['input', 'handle'],
      message: "handle 'faq' is taken by another page in this store; choose another or update that page",
    })
    expect((await handles(apiKey, {})).totalCount).toBe(2)
  })

  it('answers BAD_USER_INPUT with the field path for bad input', async () => {
    const { apiKey } = await t.tenant('page-bad')
    expect(onlyError(await run(apiKey, 'pageCreate', { title: '  ' }))).toMatchObject(
      badInput(['input', 'title'], 'input.title: title must not be empty'),
    )
    expect(onlyError(await run(apiKey, 'pageCreate', { title: 'x', handle: 'Not A Handle' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'handle'],
    })
    expect(onlyError(await run(apiKey, 'pageCreate', { title: 'x', templateSuffix: '../x' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'templateSuffix'],
    })
    expect(
      onlyError(
        await run(apiKey, 'pageCreate', { title: 'x', status: 'PUBLISHED', publishAt: '2030-01-01T00:00:00Z' }),
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'publishAt'] })
    expect((await handles(apiKey, {})).totalCount).toBe(0)
  })
})

describe('pageUpdate and pageDelete', () => {
  it('changes fields, unpublishes and republishes, and records nothing for a repeat', async () => {
    const { apiKey } = await t.tenant('page-update')
    const page = await createPage(t, apiKey, { title: 'Shipping' })
    const updated = await write<Written>(t, apiKey, 'pageUpdate', {
      id: page.id,
      title: 'Shipping policy',
      handle: 'shipping-policy',
      body: '<h2>Rates</h2><p style="color:red">Free</p>',
      templateSuffix: 'policy',
      status: 'DRAFT',
    })
    expect(updated.page).toMatchObject({
      title: 'Shipping policy',
      handle: 'shipping-policy',
      body: '<h2>Rates</h2><p>Free</p>',
      templateSuffix: 'policy',
      status: 'DRAFT',
      visible: false,
      publishedAt: null,
    })
    const repeat = await run(apiKey, 'pageUpdate', { id: page.id, title: 'Shipping policy', status: 'DRAFT' })
    expect(repeat.data!.pageUpdate!.eventPosition).toBeNull()
    const republished = await run(apiKey, 'pageUpdate', { id: page.id, status: 'PUBLISHED' })
    expect(republished.data!.pageUpdate!.page).toMatchObject({ status: 'PUBLISHED', visible: true })
    const old = await t.gql(apiKey, BY, { handle: 'shipping' })
    expect(onlyError(old)).toMatchObject({ code: 'NOT_FOUND', message: "no page with handle 'shipping' in this store" })
  })

  it('refuses a handle of another page with CONFLICT and leaves the page as it was', async () => {
    const { apiKey } = await t.tenant('page-update-conflict')
    await createPage(t, apiKey, { title: 'Contact' })
    const page = await createPage(t, apiKey, { title: 'Returns' })
    expect(onlyError(await run(apiKey, 'pageUpdate', { id: page.id, title: 'New', handle: 'contact' }))).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'handle'],
    })
    expect((await t.gql<{ page: PageView }>(apiKey, BY, { id: page.id })).data!.page).toMatchObject({
      title: 'Returns',
      handle: 'returns',
      revision: page.revision,
    })
  })

  it('deletes a page, frees its handle, and answers NOT_FOUND afterwards', async () => {
    const { apiKey } = await t.tenant('page-delete')
    const page = await createPage(t, apiKey, { title: 'Old' })
    const deleted = await t.gql<{ pageDelete: { deletedId: string } }>(apiKey, contentMutation('pageDelete'), {
      input: { id: page.id },
    })
    expect(deleted.data!.pageDelete.deletedId).toBe(page.id)
    expect(onlyError(await t.gql(apiKey, BY, { id: page.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: `page '${page.id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(apiKey, contentMutation('pageDelete'), { input: { id: page.id } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(onlyError(await run(apiKey, 'pageUpdate', { id: page.id, title: 'x' }))).toMatchObject({ code: 'NOT_FOUND' })
    expect((await createPage(t, apiKey, { title: 'Old' })).handle).toBe('old')
  })
})

describe('pages list', () => {
  it('filters by title, handle, status, search and updatedAt, sorts, and pages in both modes', async () => {
    const { apiKey } = await t.tenant('page-list')
    await createPage(t, apiKey, { title: 'Alpha', body: '<p>Our story began</p>' })
    await createPage(t, apiKey, { title: 'Beta', status: 'DRAFT' })
    await createPage(t, apiKey, { title: 'Gamma policy' })
    expect((await handles(apiKey, { sort: 'TITLE_ASC' })).nodes.map((n) => n.handle)).toEqual([
      'alpha',
      'beta',
      'gamma-policy',
    ])
    expect((await handles(apiKey, {})).nodes.map((n) => n.handle)).toEqual(['gamma-policy', 'beta', 'alpha'])
    expect((await handles(apiKey, { filter: { status: ['DRAFT'] } })).nodes.map((n) => n.handle)).toEqual(['beta'])
    expect((await handles(apiKey, { filter: { title: { contains: 'POLICY' } } })).nodes.map((n) => n.handle)).toEqual([
      'gamma-policy',
    ])
    expect(
      (await handles(apiKey, { filter: { handle: { in: ['alpha', 'beta'] } }, sort: 'HANDLE_ASC' })).nodes.map(
        (n) => n.handle,
      ),
    ).toEqual(['alpha', 'beta'])
    expect((await handles(apiKey, { filter: { search: 'story' } })).nodes.map((n) => n.handle)).toEqual(['alpha'])
    expect(
      (await handles(apiKey, { filter: { updatedAt: { from: '2000-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' } } }))
        .totalCount,
    ).toBe(0)
    expect(
      (
        await handles(apiKey, {
          filter: { or: [{ status: ['DRAFT'] }, { title: { eq: 'Alpha' } }] },
          sort: 'TITLE_ASC',
        })
      ).nodes.map((n) => n.handle),
    ).toEqual(['alpha', 'beta'])

    const first = await handles(apiKey, { sort: 'TITLE_ASC', first: 2 })
    expect(first.nodes.map((n) => n.handle)).toEqual(['alpha', 'beta'])
    expect(first.pageInfo.hasNextPage).toBe(true)
    const next = await handles(apiKey, { sort: 'TITLE_ASC', first: 2, after: first.pageInfo.endCursor })
    expect(next.nodes.map((n) => n.handle)).toEqual(['gamma-policy'])
    const paged = await handles(apiKey, { sort: 'TITLE_ASC', page: 2, limit: 2 })
    expect(paged).toMatchObject({
      nodes: [{ handle: 'gamma-policy' }],
      totalCount: 3,
      pageInfo: { page: 2, totalPages: 2, hasNextPage: false },
    })
    await expectPageBoundsRefused(t, apiKey, LIST)
  })
})

describe('history, scopes and tenants', () => {
  it('lists the page history newest first', async () => {
    const { apiKey } = await t.tenant('page-history')
    const page = await createPage(t, apiKey, { title: 'Story', status: 'DRAFT' })
    await run(apiKey, 'pageUpdate', { id: page.id, title: 'Our story' })
    const history = await t.gql<{ page: { history: { nodes: { type: string; actor: { type: string } }[] } } }>(
      apiKey,
      `query ($id: ID) { page(id: $id) { history { nodes { type actor { type } } } } }`,
      { id: page.id },
    )
    expect(history.data!.page.history.nodes.map((n) => n.type)).toEqual(['PageRetitled', 'PageCreated'])
  })

  it('needs webstore scopes: FORBIDDEN without them, and a read-only key cannot write', async () => {
    await t.tenant('page-scopes')
    const productsOnly = await t.key('page-scopes', ['products:write'])
    const readOnly = await t.key('page-scopes', ['webstore:read'])
    expect(onlyError(await t.gql(productsOnly, LIST, {}))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await run(readOnly, 'pageCreate', { title: 'x' }))).toMatchObject({ code: 'FORBIDDEN' })
    expect((await handles(readOnly, {})).totalCount).toBe(0)
  })

  it("treats another store's page as missing, for reads and writes alike", async () => {
    const mine = await t.tenant('page-mine')
    const theirs = await t.tenant('page-theirs')
    const page = await createPage(t, theirs.apiKey, { title: 'Secret', handle: 'secret' })
    expect(onlyError(await t.gql(mine.apiKey, BY, { id: page.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: `page '${page.id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(mine.apiKey, BY, { handle: 'secret' }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await run(mine.apiKey, 'pageUpdate', { id: page.id, title: 'Mine' }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(
      onlyError(await t.gql(mine.apiKey, contentMutation('pageDelete'), { input: { id: page.id } })),
    ).toMatchObject({ code: 'NOT_FOUND' })
    expect((await handles(mine.apiKey, {})).totalCount).toBe(0)
    // Handles are per store: the same handle is free in another store.
    expect((await createPage(t, mine.apiKey, { title: 'Secret', handle: 'secret' })).handle).toBe('secret')
    expect((await t.gql<{ page: PageView }>(theirs.apiKey, BY, { id: page.id })).data!.page.title).toBe('Secret')
  })
})
