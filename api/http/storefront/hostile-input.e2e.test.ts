import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, type Tenant } from '../../../test/support/app.js'
import { ok } from '../../../test/support/menus.js'
import { createProduct } from '../../../test/support/products.js'
import { visit } from '../../../test/support/storefront.js'
import { untilMainTheme } from '../../../test/support/themes.js'

// What a stranger may put in a storefront URL or Host header: a clear 4xx or a normal page, never a 500.

const HOST = 'hostile-shop.localhost'
const t = useTestApp()
let shop: Tenant

const COMMERCE = 'mutation ($input: StoreCommerceToggleInput!) { storeCommerceToggle(input: $input) { eventPosition } }'

beforeAll(async () => {
  shop = await t.tenant('hostile-shop')
  await untilMainTheme(t, shop.apiKey)
  await ok(t, shop.apiKey, COMMERCE, { enabled: true }, 'storeCommerceToggle')
  await createProduct(t, shop.apiKey, {
    title: 'Cheap Tee',
    handle: 'cheap-tee',
    status: 'ACTIVE',
    tags: ['tee'],
    variants: [{ price: '10.00', inventoryQuantity: 3 }],
  })
  await createProduct(t, shop.apiKey, {
    title: 'Dear Tee',
    handle: 'dear-tee',
    status: 'ACTIVE',
    tags: ['tee'],
    variants: [{ price: '90.00', inventoryQuantity: 3 }],
  })
})

describe('Host header', () => {
  it('with a port no socket can have answers 404, not 500', async () => {
    for (const host of [`${HOST}:99999`, `${HOST}:0`, `${HOST}:1234567`]) {
      const response = await visit(t, host, '/')
      expect(response.statusCode, host).toBe(404)
    }
  })

  it('spelled with a trailing dot, capitals or a padded port gives the canonical origin', async () => {
    for (const host of [`${HOST}.:8080`, 'HOSTILE-SHOP.LOCALHOST:08080']) {
      const response = await visit(t, host, '/products/cheap-tee')
      expect(response.statusCode, host).toBe(200)
      expect(response.body, host).toContain(`<link rel="canonical" href="http://${HOST}:8080/products/cheap-tee">`)
    }
  })
})
