import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import {
  ADD_ITEM,
  CREATE_MENU,
  MENU_BY_ID,
  MENU_WRITE,
  addItem,
  createMenu,
  ok,
  shape,
  type MenuView,
} from '../../../../test/support/menus.js'
import { POSITION, UUID, createProduct, onlyError, badInput } from '../../../../test/support/products.js'
import { historyTypes } from '../../../../test/support/history.js'

// Menus through the GraphQL endpoint: lifecycle, the item tree, broken links, errors and isolation.

const t = useTestApp()

const UPDATE_MENU = MENU_WRITE('menuUpdate', 'MenuUpdateInput')
const UPDATE_ITEM = MENU_WRITE('menuItemUpdate', 'MenuItemUpdateInput')
const MOVE_ITEM = MENU_WRITE('menuItemMove', 'MenuItemMoveInput')
const REMOVE_ITEM = MENU_WRITE('menuItemRemove', 'MenuItemRemoveInput')
const DELETE_MENU = 'mutation ($input: MenuDeleteInput!) { menuDelete(input: $input) { deletedId eventPosition } }'
const readMenu = async (apiKey: string, vars: { id?: string; handle?: string }) =>
  await t.gql<{ menu: MenuView | null }>(apiKey, MENU_BY_ID, vars)

describe('menuCreate, menu and menuUpdate', () => {
  it('creates a menu, serves it by id and handle on the next request, and renames it', async () => {
    const { apiKey } = await t.tenant('menu-crud')
    const created = await t.gql<{ menuCreate: { menu: MenuView; eventPosition: string } }>(apiKey, CREATE_MENU, {
      input: { title: 'Main menu' },
    })
    expect(created.errors).toBeUndefined()
    const { menu, eventPosition } = created.data!.menuCreate
    expect(menu).toMatchObject({
      id: expect.stringMatching(UUID),
      handle: 'main-menu',
      title: 'Main menu',
      items: [],
      itemCount: 0,
      brokenLinks: [],
      revision: 0,
    })
    expect(eventPosition).toMatch(POSITION)
    expect((await readMenu(apiKey, { id: menu.id })).data?.menu).toEqual(menu)
    expect((await readMenu(apiKey, { handle: 'main-menu' })).data?.menu).toEqual(menu)

    const renamed = await ok<{ menu: MenuView }>(
      t,
      apiKey,
      UPDATE_MENU,
      { id: menu.id, title: 'Top', handle: 'top' },
      'menuUpdate',
    )
    expect(renamed.menu).toMatchObject({ title: 'Top', handle: 'top', revision: 2 })
    expect((await readMenu(apiKey, { handle: 'top' })).data?.menu?.id).toBe(menu.id)
    expect(onlyError(await readMenu(apiKey, { handle: 'main-menu' }))).toMatchObject({ code: 'NOT_FOUND' })
    // Free again: a second menu may take the old handle.
    expect((await createMenu(t, apiKey, { title: 'Main menu' })).handle).toBe('main-menu')
  })

  it('numbers generated handles, refuses a taken one with CONFLICT and bad input with the field', async () => {
    const { apiKey } = await t.tenant('menu-handles')
    await createMenu(t, apiKey, { title: 'Footer' })
    expect((await createMenu(t, apiKey, { title: 'Footer' })).handle).toBe('footer-2')
    expect(onlyError(await t.gql(apiKey, CREATE_MENU, { input: { title: 'X', handle: 'footer' } }))).toEqual({
      code: 'CONFLICT',
      field: ['input', 'handle'],
      message: "handle 'footer' is taken by another menu in this store; choose another or update that menu",
    })
    expect(onlyError(await t.gql(apiKey, CREATE_MENU, { input: { title: ' ' } }))).toMatchObject(
      badInput(['input', 'title'], 'input.title: title must not be empty'),
    )
    expect(onlyError(await t.gql(apiKey, CREATE_MENU, { input: { title: 'x', handle: 'Bad Handle' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'handle'],
    })
    const menus = await t.gql<{ menus: { totalCount: number } }>(apiKey, '{ menus { totalCount } }')
    expect(menus.data?.menus.totalCount).toBe(2)
  })
})

describe('menu items', () => {
  it('adds, nests, updates, moves and removes items, each visible on the very next read', async () => {
    const { apiKey } = await t.tenant('menu-items')
    const menu = await createMenu(t, apiKey, { title: 'Main' })
    const shop = await addItem(t, apiKey, { menuId: menu.id, title: 'Shop' })
    expect(shop.itemId).toMatch(UUID)
    expect(shop.menu.items).toEqual([
      { id: shop.itemId, title: 'Shop', link: { type: 'HOME', url: null, resourceId: null }, items: [] },
    ])
    const men = await addItem(t, apiKey, { menuId: menu.id, parentId: shop.itemId, title: 'Men' })
    const shirts = await addItem(t, apiKey, {
      menuId: menu.id,
      parentId: men.itemId,
      title: 'Shirts',
      link: { type: 'URL', url: '/collections/shirts' },
    })
    const about = await addItem(t, apiKey, {
      menuId: menu.id,
      position: 0,
      title: 'About',
      link: { type: 'URL', url: 'https://example.com/about' },
    })
    expect(shape(about.menu.items)).toEqual(['About', ['Shop', [['Men', ['Shirts']]]]])
    expect(about.menu.itemCount).toBe(4)

    const updated = await ok<{ menu: MenuView }>(
      t,
      apiKey,
      UPDATE_ITEM,
      { menuId: menu.id, id: shirts.itemId, title: 'All shirts', link: { type: 'HOME' } },
      'menuItemUpdate',
    )
    expect(updated.menu.items[1]!.items![0]!.items![0]).toMatchObject({
      title: 'All shirts',
      link: { type: 'HOME', url: null },
    })

    const moved = await ok<{ menu: MenuView }>(
      t,
      apiKey,
      MOVE_ITEM,
      { menuId: menu.id, id: men.itemId, parentId: null, position: 0 },
      'menuItemMove',
    )
    expect(shape(moved.menu.items)).toEqual([['Men', ['All shirts']], 'About', 'Shop'])
    // Read-your-writes: the plain next query already shows the move (no consistency header, no retry).
    expect(shape((await readMenu(apiKey, { id: menu.id })).data?.menu?.items)).toEqual([
      ['Men', ['All shirts']],
      'About',
      'Shop',
    ])

    const removed = await ok<{ menu: MenuView }>(
      t,
      apiKey,
      REMOVE_ITEM,
      { menuId: menu.id, id: men.itemId },
      'menuItemRemove',
    )
    expect(shape(removed.menu.items)).toEqual(['About', 'Shop'])
    expect(removed.menu.itemCount).toBe(2)
  })

  it('refuses a fourth level, a cycle, a position past the end, a bad link and unknown items, changing nothing', async () => {
    const { apiKey } = await t.tenant('menu-item-errors')
    const menu = await createMenu(t, apiKey, { title: 'Main' })
    const a = await addItem(t, apiKey, { menuId: menu.id, title: 'A' })
    const b = await addItem(t, apiKey, { menuId: menu.id, parentId: a.itemId, title: 'B' })
    const c = await addItem(t, apiKey, { menuId: menu.id, parentId: b.itemId, title: 'C' })
    const before = (await readMenu(apiKey, { id: menu.id })).data!.menu

    expect(
      onlyError(
        await t.gql(apiKey, ADD_ITEM, {
          input: { menuId: menu.id, parentId: c.itemId, title: 'D', link: { type: 'HOME' } },
        }),
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'parentId'],
      message: expect.stringContaining('at most 3 levels deep'),
    })
    expect(
      onlyError(await t.gql(apiKey, MOVE_ITEM, { input: { menuId: menu.id, id: a.itemId, parentId: c.itemId } })),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'parentId'],
      message: expect.stringContaining('under itself'),
    })
    expect(
      onlyError(
        await t.gql(apiKey, ADD_ITEM, { input: { menuId: menu.id, position: 5, title: 'D', link: { type: 'HOME' } } }),
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'position'] })
    expect(
      onlyError(
        await t.gql(apiKey, ADD_ITEM, {
          input: { menuId: menu.id, title: 'D', link: { type: 'URL', url: 'javascript:alert(1)' } },
        }),
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'link', 'url'] })
    expect(
      onlyError(await t.gql(apiKey, ADD_ITEM, { input: { menuId: menu.id, title: 'D', link: { type: 'PAGE' } } })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'link', 'resourceId'] })
    expect(
      onlyError(await t.gql(apiKey, UPDATE_ITEM, { input: { menuId: menu.id, id: menu.id, title: 'x' } })),
    ).toMatchObject({ code: 'NOT_FOUND', message: `menu item '${menu.id}' does not exist in this store` })
    expect(onlyError(await t.gql(apiKey, REMOVE_ITEM, { input: { menuId: menu.id, id: menu.id } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect((await readMenu(apiKey, { id: menu.id })).data!.menu).toEqual(before)
  })
})

describe('brokenLinks', () => {
  it('lists an item pointing at a deleted page, and a deleted product, with the reason', async () => {
    const { apiKey } = await t.tenant('menu-broken')
    const page = await ok<{ page: { id: string } }>(
      t,
      apiKey,
      'mutation ($input: PageCreateInput!) { pageCreate(input: $input) { page { id } } }',
      { title: 'About us' },
      'pageCreate',
    )
    const product = await createProduct(t, apiKey, { title: 'Red Shirt' })
    const menu = await createMenu(t, apiKey, { title: 'Main' })
    const about = await addItem(t, apiKey, {
      menuId: menu.id,
      title: 'About',
      link: { type: 'PAGE', resourceId: page.page.id },
    })
    const shirt = await addItem(t, apiKey, {
      menuId: menu.id,
      title: 'Shirt',
      link: { type: 'PRODUCT', resourceId: product.id },
    })
    expect(shirt.menu.brokenLinks).toEqual([])

    await ok(
      t,
      apiKey,
      'mutation ($input: PageDeleteInput!) { pageDelete(input: $input) { deletedId } }',
      { id: page.page.id },
      'pageDelete',
    )
    const afterPage = (await readMenu(apiKey, { id: menu.id })).data!.menu!
    expect(afterPage.brokenLinks).toEqual([
      {
        itemId: about.itemId,
        title: 'About',
        reason: 'page deleted',
        link: { type: 'PAGE', url: null, resourceId: page.page.id },
      },
    ])
    // The item stays in the menu: the merchant decides what to do with it.
    expect(afterPage.items.map((item) => item.title)).toEqual(['About', 'Shirt'])

    await ok(
      t,
      apiKey,
      'mutation ($input: ProductDeleteInput!) { productDelete(input: $input) { deletedId } }',
      { id: product.id },
      'productDelete',
    )
    expect(
      (await readMenu(apiKey, { id: menu.id })).data!.menu!.brokenLinks.map((link) => [link.title, link.reason]),
    ).toEqual([
      ['About', 'page deleted'],
      ['Shirt', 'product deleted'],
    ])
  })

  it("reports a link to an id that never existed in the store (another store's page included) as not found", async () => {
    const other = await t.tenant('menu-broken-other')
    const page = await ok<{ page: { id: string } }>(
      t,
      other.apiKey,
      'mutation ($input: PageCreateInput!) { pageCreate(input: $input) { page { id } } }',
      { title: 'Theirs' },
      'pageCreate',
    )
    const { apiKey } = await t.tenant('menu-broken-own')
    const menu = await createMenu(t, apiKey, { title: 'Main' })
    const added = await addItem(t, apiKey, {
      menuId: menu.id,
      title: 'Theirs',
      link: { type: 'PAGE', resourceId: page.page.id },
    })
    expect(added.menu.brokenLinks).toEqual([
      {
        itemId: added.itemId,
        title: 'Theirs',
        reason: 'page not found',
        link: { type: 'PAGE', url: null, resourceId: page.page.id },
      },
    ])
  })
})

describe('menus list', () => {
  it('filters, sorts and pages in both modes', async () => {
    const { apiKey } = await t.tenant('menu-list')
    for (const title of ['Footer', 'Main', 'Legal']) await createMenu(t, apiKey, { title })
    const list = async (args: string) =>
      (
        await t.gql<{
          menus: {
            nodes: { title: string }[]
            totalCount: number
            pageInfo: { hasNextPage: boolean; endCursor: string; totalPages: number | null }
          }
        }>(apiKey, `{ menus(${args}) { nodes { title } totalCount pageInfo { hasNextPage endCursor totalPages } } }`)
      ).data!.menus
    expect((await list('sort: TITLE_ASC')).nodes.map((n) => n.title)).toEqual(['Footer', 'Legal', 'Main'])
    expect((await list('filter: { handle: { startsWith: "ma" } }')).nodes.map((n) => n.title)).toEqual(['Main'])
    expect((await list('filter: { search: "leg" }')).totalCount).toBe(1)
    const paged = await list('page: 2, limit: 2, sort: TITLE_ASC')
    expect(paged).toMatchObject({
      nodes: [{ title: 'Main' }],
      totalCount: 3,
      pageInfo: { totalPages: 2, hasNextPage: false },
    })
    const first = await list('first: 2, sort: TITLE_DESC')
    expect(first.nodes.map((n) => n.title)).toEqual(['Main', 'Legal'])
    expect(
      (await list(`first: 2, after: "${first.pageInfo.endCursor}", sort: TITLE_DESC`)).nodes.map((n) => n.title),
    ).toEqual(['Footer'])
    expect(onlyError(await t.gql(apiKey, '{ menus(first: 251) { totalCount } }'))).toMatchObject({
      code: 'BAD_USER_INPUT',
    })
  })
})

describe('menuDelete, history, isolation and scopes', () => {
  it('deletes a menu, frees its handle and records its history', async () => {
    const { apiKey } = await t.tenant('menu-delete')
    const menu = await createMenu(t, apiKey, { title: 'Main' })
    await addItem(t, apiKey, { menuId: menu.id, title: 'Home' })
    expect(await historyTypes(t, apiKey, 'menu', menu.id)).toEqual(['MenuItemAdded', 'MenuCreated'])
    const deleted = await ok<{ deletedId: string; eventPosition: string }>(
      t,
      apiKey,
      DELETE_MENU,
      { id: menu.id },
      'menuDelete',
    )
    expect(deleted).toEqual({ deletedId: menu.id, eventPosition: expect.stringMatching(POSITION) })
    expect(onlyError(await readMenu(apiKey, { id: menu.id }))).toEqual({
      code: 'NOT_FOUND',
      message: `menu '${menu.id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(apiKey, DELETE_MENU, { input: { id: menu.id } }))).toMatchObject({ code: 'NOT_FOUND' })
    expect((await createMenu(t, apiKey, { title: 'Main' })).handle).toBe('main')
  })

  it("treats another store's menu as missing, and needs webstore scopes", async () => {
    const theirs = await t.tenant('menu-theirs')
    const menu = await createMenu(t, theirs.apiKey, { title: 'Main' })
    const { apiKey } = await t.tenant('menu-mine')
    expect(onlyError(await readMenu(apiKey, { id: menu.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(apiKey, UPDATE_MENU, { input: { id: menu.id, title: 'Mine' } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(
      onlyError(await t.gql(apiKey, ADD_ITEM, { input: { menuId: menu.id, title: 'x', link: { type: 'HOME' } } })),
    ).toMatchObject({ code: 'NOT_FOUND' })
    expect(
      (await t.gql<{ menus: { totalCount: number } }>(apiKey, '{ menus { totalCount } }')).data?.menus.totalCount,
    ).toBe(0)

    const readOnly = await t.key('menu-theirs', ['webstore:read'])
    expect((await readMenu(readOnly, { id: menu.id })).data?.menu?.id).toBe(menu.id)
    expect(onlyError(await t.gql(readOnly, CREATE_MENU, { input: { title: 'x' } }))).toMatchObject({
      code: 'FORBIDDEN',
    })
    const productsOnly = await t.key('menu-theirs', ['products:write'])
    expect(onlyError(await readMenu(productsOnly, { id: menu.id }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})
