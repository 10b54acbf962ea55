import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { menuStream } from '../../../domain/webstore/menu/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { menusProjection } from './projection.js'

const spec = useProjectionSpec(menusProjection)

const HOME = { type: 'HOME', url: null, resourceId: null }
const SALE = { type: 'URL', url: '/sale', resourceId: null }

function menuOf(shop: SpecStore) {
  const menu = shop.newEntity(menuStream, 'menuId')
  return {
    ...menu,
    created: () => menu.event('MenuCreated', { handle: 'main', title: 'Main menu' }),
    added: (itemId: string, title: string, parentId: string | null = null, position = 0, link = HOME) =>
      menu.event('MenuItemAdded', { itemId, parentId, position, title, link }),
  }
}

describe('menus read model', () => {
  it('files a created menu without items', async () => {
    const shop = spec.store()
    const main = menuOf(shop)
    await spec
      .givenCreated(shop, main.menuId, main.created())
      .thenRow('menus', { handle: 'main', title: 'Main menu', items: [], item_count: 0 })
  })

  it('retitles the menu, changes its handle, and adds, retitles, relinks, moves and removes items', async () => {
    const shop = spec.store()
    const main = menuOf(shop)
    const [home, products, sale, hats] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
    await spec
      .given([
        main.created(),
        main.event('MenuRetitled', { title: 'Header' }),
        main.event('MenuHandleChanged', { from: 'main', to: 'header' }),
        main.added(home, 'Home'),
        main.added(products, 'Shop', null, 1),
        main.added(hats, 'Hats', products, 0),
        main.added(sale, 'Sale', null, 1),
        main.event('MenuItemRetitled', { itemId: home, title: 'Start' }),
        main.event('MenuItemRelinked', { itemId: sale, link: SALE }),
        // Sale moves under Shop, before Hats; then Home goes with nothing under it.
        main.event('MenuItemMoved', { itemId: sale, parentId: products, position: 0 }),
        main.event('MenuItemRemoved', { itemId: home, removedItemIds: [home] }),
      ])
      .thenRows('menus', shop.storeId, [
        {
          handle: 'header',
          title: 'Header',
          items: [
            { itemId: products, parentId: null, title: 'Shop', link: HOME },
            { itemId: sale, parentId: products, title: 'Sale', link: SALE },
            { itemId: hats, parentId: products, title: 'Hats', link: HOME },
          ],
          item_count: 3,
          revision: 10,
        },
      ])
  })

  it('removes an item with its sub-items, and drops a deleted menu', async () => {
    const shop = spec.store()
    const [kept, gone] = [menuOf(shop), menuOf(shop)]
    const [parent, child] = [randomUUID(), randomUUID()]
    await spec
      .given([
        kept.created(),
        kept.added(parent, 'Shop'),
        kept.added(child, 'Hats', parent),
        kept.event('MenuItemRemoved', { itemId: parent, removedItemIds: [parent, child] }),
        gone.created(),
        gone.event('MenuDeleted', { handle: 'main' }),
      ])
      .thenRows('menus', shop.storeId, [{ id: kept.menuId, items: [], item_count: 0, revision: 3 }])
  })

  it("adds an item once when its event is applied again, and leaves another store's menus alone", async () => {
    const shop = spec.store()
    const other = spec.store()
    const main = menuOf(shop)
    const itemId = randomUUID()
    const events = [main.created(), main.added(itemId, 'Home')]
    const expected = [{ items: [{ itemId, parentId: null, title: 'Home', link: HOME }], item_count: 1, revision: 1 }]
    await spec.given(events).thenRows('menus', shop.storeId, expected)
    await spec.given([...events, menuOf(other).created()]).thenRows('menus', shop.storeId, expected)
  })
})
