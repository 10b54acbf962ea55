import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { fold } from '../../shared/event.js'
import type { MenuCommand } from './commands.js'
import { menuCreate, menuDecider, menuHandleReservations, menuItemAdd, menuItemMove } from './definitions.js'
import type { MenuEvent } from './events.js'
import { itemTree, MENU_MAX_ITEMS } from './items.js'
import type { MenuLink } from './links.js'
import { menuHandleKey } from './streams.js'
import { STORE, ctx, prepareEnv, idsEndingIn } from '../../../test/support/decide-context.js'

const M = '01900000-0000-7000-8000-0000000000f1'
const [A, B, C, D] = idsEndingIn('a1', 'b1', 'c1', 'd1')
const spec = deciderSpec(menuDecider, ctx)

const HOME: MenuLink = { type: 'HOME', url: null, resourceId: null }
const PAGE: MenuLink = { type: 'PAGE', url: null, resourceId: D }
const created: MenuEvent = { type: 'MenuCreated', data: { menuId: M, handle: 'main-menu', title: 'Main menu' } }
const added = (itemId: string, parentId: string | null, position: number, title = itemId): MenuEvent => ({
  type: 'MenuItemAdded',
  data: { menuId: M, itemId, parentId, position, title, link: HOME },
})
/** A under top level, B under A, C under B: three levels. */
const chain = [created, added(A, null, 0), added(B, A, 0), added(C, B, 0)]
const add = (itemId: string, parentId: string | null, position: number | null = null): MenuCommand => ({
  type: 'MenuItemAdd',
  data: { menuId: M, itemId, parentId, position, title: itemId, link: HOME },
})
const move = (itemId: string, parentId: string | null, position: number | null = null): MenuCommand => ({
  type: 'MenuItemMove',
  data: { menuId: M, itemId, parentId, position },
})

describe('menuCreate', () => {
  it('records the menu, and refuses a reused id', () => {
    spec
      .given([])
      .when({ type: 'MenuCreate', data: created.data as { menuId: string; handle: string; title: string } })
      .then([created])
    spec
      .given([created])
      .when({ type: 'MenuCreate', data: { menuId: M, handle: 'x', title: 'X' } })
      .thenFails({ code: 'CONFLICT', message: 'already exists' })
  })

  it('prepares a free handle from the title and claims it', async () => {
    const env = prepareEnv({
      newId: () => M,
      reservationOwner: async (_scope, key) => (key === menuHandleKey('main-menu') ? 'other' : null),
    })
    const prepared = await menuCreate.prepare(menuCreate.input.parse({ title: 'Main menu' }), env)
    expect(prepared).toMatchObject({
      stream: `menu-${STORE}_${M}`,
      entityId: M,
      command: { data: { handle: 'main-menu-2' } },
    })
    expect(menuHandleReservations([created], { kind: 'empty' }, ctx)).toMatchObject([
      { kind: 'claim', key: 'menu-handle:main-menu', field: ['input', 'handle'] },
    ])
  })
})

describe('menuUpdate and menuDelete', () => {
  it('records only what changes', () => {
    spec
      .given([created])
      .when({ type: 'MenuUpdate', data: { menuId: M, title: 'Top', handle: 'top' } })
      .then([
        { type: 'MenuRetitled', data: { menuId: M, title: 'Top' } },
        { type: 'MenuHandleChanged', data: { menuId: M, from: 'main-menu', to: 'top' } },
      ])
    spec
      .given([created])
      .when({ type: 'MenuUpdate', data: { menuId: M, title: 'Main menu', handle: 'main-menu' } })
      .then([])
  })

  it('deletes with the handle, and answers NOT_FOUND for a missing or deleted menu', () => {
    const deleted: MenuEvent = { type: 'MenuDeleted', data: { menuId: M, handle: 'main-menu' } }
    spec
      .given([created])
      .when({ type: 'MenuDelete', data: { menuId: M } })
      .then([deleted])
    spec
      .given([])
      .when({ type: 'MenuDelete', data: { menuId: M } })
      .thenFails({ code: 'NOT_FOUND', message: `menu '${M}' does not exist` })
    spec
      .given([created, deleted])
      .when({ type: 'MenuUpdate', data: { menuId: M, title: 'X' } })
      .thenFails({ code: 'NOT_FOUND' })
    expect(menuHandleReservations([deleted], { kind: 'empty' }, ctx)).toMatchObject([
      { kind: 'release', key: 'menu-handle:main-menu' },
    ])
  })
})

describe('menuItemAdd', () => {
  it('appends at the end by default and inserts at a position', () => {
    spec
      .given([created, added(A, null, 0)])
      .when(add(B, null))
      .then([added(B, null, 1)])
    spec
      .given([created, added(A, null, 0)])
      .when(add(B, null, 0))
      .then([added(B, null, 0)])
    const state = fold(menuDecider, [created, added(A, null, 0), added(B, null, 0), added(C, A, 0)])
    expect(
      state.kind === 'existing' && itemTree(state.menu.items).map((n) => [n.itemId, n.items.map((c) => c.itemId)]),
    ).toEqual([
      [B, []],
      [A, [C]],
    ])
  })

  it('refuses a fourth level, an unknown parent, a position past the end and a full menu', () => {
    spec
      .given(chain)
      .when(add(D, C))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'parentId'], message: 'at most 3 levels' })
    spec
      .given([created])
      .when(add(A, B))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'parentId'], message: 'is not an item of this menu' })
    spec
      .given([created])
      .when(add(A, null, 1))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'position'], message: 'use 0 to 0' })
    const full = [
      created,
      ...Array.from({ length: MENU_MAX_ITEMS }, (_, i) =>
        added(`01900000-0000-7000-8000-${String(i).padStart(12, '0')}`, null, i),
      ),
    ]
    spec.given(full).when(add(A, null)).thenFails({ code: 'BAD_USER_INPUT', message: 'at most 250 items' })
    spec.given([]).when(add(A, null)).thenFails({ code: 'NOT_FOUND' })
  })

  it('validates links by type and prepares a new item id', async () => {
    const parse = (link: unknown) => menuItemAdd.input.safeParse({ menuId: M, title: 'x', link })
    expect(parse({ type: 'URL', url: 'https://example.com/a' }).data?.link).toEqual({
      type: 'URL',
      url: 'https://example.com/a',
      resourceId: null,
    })
    for (const url of ['/sale', 'mailto:a@b.c', 'tel:+331234']) expect(parse({ type: 'URL', url }).success).toBe(true)
    for (const url of ['javascript:alert(1)', '//evil.example', 'ftp://x', 'data:text/html,x'])
      expect(parse({ type: 'URL', url }).error?.issues[0]?.path).toEqual(['link', 'url'])
    expect(parse({ type: 'PAGE' }).error?.issues[0]).toMatchObject({
      path: ['link', 'resourceId'],
      message: 'a PAGE link needs resourceId, the id of the page',
    })
    expect(parse({ type: 'HOME', url: '/x' }).error?.issues[0]?.path).toEqual(['link', 'url'])
    expect(parse({ type: 'LINK' }).error?.issues[0]?.message).toMatch(/link.type must be one of URL, HOME/)
    const env = prepareEnv({ newId: () => A })
    const prepared = await menuItemAdd.prepare(
      menuItemAdd.input.parse({ menuId: M, title: 'About', link: { type: 'PAGE', resourceId: D.toUpperCase() } }),
      env,
    )
    expect(prepared).toMatchObject({
      stream: `menu-${STORE}_${M}`,
      entityId: A,
      command: { data: { itemId: A, parentId: null, position: null, link: PAGE } },
    })
  })
})

describe('menuItemUpdate', () => {
  it('retitles and relinks only what changes', () => {
    spec
      .given([created, added(A, null, 0)])
      .when({ type: 'MenuItemUpdate', data: { menuId: M, itemId: A, title: 'Shop', link: PAGE } })
      .then([
        { type: 'MenuItemRetitled', data: { menuId: M, itemId: A, title: 'Shop' } },
        { type: 'MenuItemRelinked', data: { menuId: M, itemId: A, link: PAGE } },
      ])
    spec
      .given([created, added(A, null, 0)])
      .when({ type: 'MenuItemUpdate', data: { menuId: M, itemId: A, title: A, link: HOME } })
      .then([])
  })

  it('answers NOT_FOUND for an item not in the menu', () => {
    spec
      .given([created])
      .when({ type: 'MenuItemUpdate', data: { menuId: M, itemId: A, title: 'x' } })
      .thenFails({ code: 'NOT_FOUND', message: `menu item '${A}'` })
  })
})

describe('menuItemMove', () => {
  it('moves an item with its sub-items and reorders siblings', () => {
    const flat = [created, added(A, null, 0), added(B, null, 1), added(C, B, 0)]
    spec
      .given(flat)
      .when(move(B, A))
      .then([{ type: 'MenuItemMoved', data: { menuId: M, itemId: B, parentId: A, position: 0 } }])
    spec
      .given(flat)
      .when(move(B, null, 0))
      .then([{ type: 'MenuItemMoved', data: { menuId: M, itemId: B, parentId: null, position: 0 } }])
    const state = fold(menuDecider, [
      ...flat,
      { type: 'MenuItemMoved', data: { menuId: M, itemId: B, parentId: null, position: 0 } },
    ])
    expect(
      state.kind === 'existing' && itemTree(state.menu.items).map((n) => [n.itemId, n.items.map((c) => c.itemId)]),
    ).toEqual([
      [B, [C]],
      [A, []],
    ])
  })

  it('records nothing when the item already is there', () => {
    spec
      .given([created, added(A, null, 0), added(B, null, 1)])
      .when(move(B, null))
      .then([])
  })

  it('refuses cycles, a depth over 3, unknown items and positions past the end', () => {
    spec
      .given(chain)
      .when(move(A, C))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'parentId'], message: 'under itself' })
    spec.given(chain).when(move(A, A)).thenFails({ code: 'BAD_USER_INPUT', message: 'under itself' })
    const twoTrees = [...chain, added(D, null, 1)]
    spec
      .given(twoTrees)
      .when(move(B, D))
      .then([{ type: 'MenuItemMoved', data: { menuId: M, itemId: B, parentId: D, position: 0 } }])
    spec
      .given(twoTrees)
      .when(move(A, D))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'parentId'], message: 'spans 3 level(s)' })
    spec.given(chain).when(move(D, null)).thenFails({ code: 'NOT_FOUND' })
    spec
      .given(chain)
      .when(move(C, null, 2))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'position'] })
    expect(menuItemMove.input.safeParse({ menuId: M, id: A, position: -1 }).error?.issues[0]?.path).toEqual([
      'position',
    ])
  })
})

describe('menuItemRemove', () => {
  it('removes the item with its sub-items', () => {
    spec
      .given(chain)
      .when({ type: 'MenuItemRemove', data: { menuId: M, itemId: B } })
      .then([{ type: 'MenuItemRemoved', data: { menuId: M, itemId: B, removedItemIds: [B, C] } }])
    const state = fold(menuDecider, [
      ...chain,
      { type: 'MenuItemRemoved', data: { menuId: M, itemId: B, removedItemIds: [B, C] } },
    ])
    expect(state.kind === 'existing' && state.menu.items.map((item) => item.itemId)).toEqual([A])
  })

  it('answers NOT_FOUND for an unknown item', () => {
    spec
      .given([created])
      .when({ type: 'MenuItemRemove', data: { menuId: M, itemId: A } })
      .thenFails({ code: 'NOT_FOUND' })
  })
})
