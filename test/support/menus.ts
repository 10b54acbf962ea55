import { expect } from 'vitest'
import type { TestApp } from './app.js'

export const ITEM_FIELDS = 'id title link { type url resourceId }'
export const MENU_FIELDS = `id handle title itemCount revision createdAt updatedAt items { ${ITEM_FIELDS} items { ${ITEM_FIELDS} items { ${ITEM_FIELDS} } } } brokenLinks { itemId title reason link { type url resourceId } }`

export type MenuLinkView = { type: string; url: string | null; resourceId: string | null }
export type MenuItemView = { id: string; title: string; link: MenuLinkView; items?: MenuItemView[] }
export type MenuView = {
  id: string
  handle: string
  title: string
  itemCount: number
  revision: number
  items: MenuItemView[]
  brokenLinks: { itemId: string; title: string; reason: string; link: MenuLinkView }[]
}

export const MENU_WRITE = (name: string, type: string) =>
  `mutation ($input: ${type}!) { ${name}(input: $input) { menu { ${MENU_FIELDS} } eventPosition } }`
export const CREATE_MENU = MENU_WRITE('menuCreate', 'MenuCreateInput')
export const ADD_ITEM = `mutation ($input: MenuItemAddInput!) { menuItemAdd(input: $input) { itemId menu { ${MENU_FIELDS} } eventPosition } }`
export const MENU_BY_ID = `query ($id: ID, $handle: String) { menu(id: $id, handle: $handle) { ${MENU_FIELDS} } }`

/** Runs a mutation that must succeed and returns its payload field. */
export async function ok<T>(
  t: TestApp,
  apiKey: string,
  query: string,
  input: Record<string, unknown>,
  field: string,
): Promise<T> {
  const response = await t.gql<Record<string, T>>(apiKey, query, { input })
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined()
  return response.data![field]!
}

export async function createMenu(t: TestApp, apiKey: string, input: Record<string, unknown>): Promise<MenuView> {
  return (await ok<{ menu: MenuView }>(t, apiKey, CREATE_MENU, input, 'menuCreate')).menu
}

/** Adds an item and returns its id with the menu after the write. */
export async function addItem(
  t: TestApp,
  apiKey: string,
  input: Record<string, unknown>,
): Promise<{ itemId: string; menu: MenuView }> {
  return ok(t, apiKey, ADD_ITEM, { link: { type: 'HOME' }, ...input }, 'menuItemAdd')
}

/** The tree as [title, children] pairs, to compare shapes at a glance. */
export function shape(items: readonly MenuItemView[] = []): unknown[] {
  return items.map((item) => (item.items?.length ? [item.title, shape(item.items)] : item.title))
}
