import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { useTenantCaller } from '../../../../test/support/tenant-caller.js'

// productRevert restores the states Product.history shows: a product after a whole command,
// never halfway through one. productCreate with options, variants and SEO appends several events.

const FIELDS =
  'id title description revision seo { title description } options { name values } variants { sku price { amount } optionValues { name value } }'
const CREATE = `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { ${FIELDS} } } }`
const UPDATE = `mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { ${FIELDS} } } }`
const VARIANT_UPDATE =
  'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { eventPosition } }'
const REVERT = `mutation ($input: ProductRevertInput!) { productRevert(input: $input) { product { ${FIELDS} } eventPosition } }`
const HISTORY =
  'query ($id: ID) { product(id: $id) { id variants { id } history(first: 250) { nodes { type revision } } } }'

interface Product {
  id: string
  title: string
  description: string
  revision: number
  seo: { title: string; description: string }
  options: { name: string; values: string[] }[]
  variants: { sku: string; price: { amount: string }; optionValues: { name: string; value: string }[] }[]
}

const t = useTestApp()
const { ok } = useTenantCaller(t, 'revert-commands')

const revert = async (id: string, toRevision: number) =>
  (await ok<{ productRevert: { product: Product } }>(REVERT, { input: { id, toRevision } })).productRevert.product

/** A product made by one productCreate with an option, two variants and SEO, then changed twice. */
async function changedProduct(title: string, prefix: string) {
  const input = {
    title,
    description: 'As created',
    seo: { title: `${title} SEO`, description: 'Created with SEO' },
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { price: '10.00', sku: `${prefix}-S`, optionValues: [{ name: 'Size', value: 'S' }] },
      { price: '12.00', sku: `${prefix}-M`, optionValues: [{ name: 'Size', value: 'M' }] },
    ],
  }
  const created = (await ok<{ productCreate: { product: Product } }>(CREATE, { input })).productCreate.product
  // One productUpdate of three fields: three events, one command.
  const updated = (
    await ok<{ productUpdate: { product: Product } }>(UPDATE, {
      input: {
        id: created.id,
        title: `${title} II`,
        description: 'Updated',
        seo: { title: 'Updated SEO', description: 'Updated description' },
      },
    })
  ).productUpdate.product
  const ids = (await ok<{ product: { variants: { id: string }[] } }>(HISTORY, { id: created.id })).product.variants.map(
    (v) => v.id,
  )
  await ok(VARIANT_UPDATE, { input: { productId: created.id, id: ids[0], price: '19.00' } })
  return { created, updated }
}

describe('productRevert to a revision written by a command of several events', () => {
  it('to 0 brings back the options, variants and SEO the product was created with', async () => {
    const { created } = await changedProduct('Command Tee', 'CMD')
    // productCreate appended more than its first event: revision 0 alone is a bare product.
    expect(created.revision).toBeGreaterThan(0)
    const reverted = await revert(created.id, 0)
    expect(reverted).toMatchObject({
      title: 'Command Tee',
      description: 'As created',
      seo: created.seo,
      options: created.options,
      variants: created.variants,
    })
    expect(reverted.variants.map((v) => v.price.amount)).toEqual(['10.00', '12.00'])
  })

  it('to a revision inside an update restores the product as that whole update left it', async () => {
    const { created, updated } = await changedProduct('Middle Tee', 'MID')
    const history = (
      await ok<{ product: { history: { nodes: { type: string; revision: number }[] } } }>(HISTORY, { id: created.id })
    ).product.history.nodes
    const first = Math.min(...history.filter((n) => n.revision > created.revision).map((n) => n.revision))
    // The update's first event; the update ended at updated.revision, two events later.
    expect(updated.revision).toBe(first + 2)
    const reverted = await revert(created.id, first)
    expect(reverted).toMatchObject({
      title: 'Middle Tee II',
      description: 'Updated',
      seo: { title: 'Updated SEO', description: 'Updated description' },
    })
    expect(reverted.variants.map((v) => v.price.amount)).toEqual(['10.00', '12.00'])
  })

  it('to any revision of the create command gives the same product: once there, reverting to another records nothing', async () => {
    const { created } = await changedProduct('Latest Tee', 'LAT')
    const atCreation = await revert(created.id, 0)
    const again = await ok<{ productRevert: { product: Product; eventPosition: string | null } }>(REVERT, {
      input: { id: created.id, toRevision: created.revision },
    })
    expect(again.productRevert.eventPosition).toBeNull()
    expect({ ...again.productRevert.product, revision: 0 }).toEqual({ ...atCreation, revision: 0 })
  })
})
