import { graphqlOk } from '../graphql.js'
import { TAGS as BENCH_TAGS } from '../seed.js'

/** How the catalog bench's store is filled: products × variants, with attributes and categories. */
/**
 * 10,000 as the issue measures; `BENCH_CATALOG_PRODUCTS` lowers it to try the harness where seeding
 * 10,000 through GraphQL takes too long (a shared machine). Its numbers are then not the issue's.
 */
export const CATALOG_PRODUCTS = catalogSize(process.env.BENCH_CATALOG_PRODUCTS)
export const VARIANTS_PER_PRODUCT = 3
const BULK_SIZE = 250
const BULK_CONCURRENCY = 2

const COLORS = ['red', 'blue', 'green', 'black', 'white', 'grey', 'navy', 'olive']
const MATERIALS = ['cotton', 'linen', 'wool', 'denim', 'silk', 'leather']
// The list bench's first twelve: the catalog bench's tag facet has twelve values.
const TAGS = BENCH_TAGS.slice(0, 12)
const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'DRAFT', 'ARCHIVED']
const SIZES = ['S', 'M', 'L']

function catalogSize(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 10_000
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1_000 || value > 10_000)
    throw new Error(`BENCH_CATALOG_PRODUCTS must be a whole number from 1000 to 10000; got '${raw}'`)
  return value
}

export interface SeededCatalog {
  /** The root category the bench filter selects (with its descendants). */
  filterCategoryId: string
}

const ATTRIBUTE_CREATE =
  'mutation ($input: AttributeCreateInput!) { attributeCreate(input: $input) { attribute { id } } }'
const CATEGORY_CREATE = 'mutation ($input: CategoryCreateInput!) { categoryCreate(input: $input) { category { id } } }'
const CATEGORY_ADD =
  'mutation ($input: CategoryProductsAddInput!) { categoryProductsAdd(input: $input) { eventPosition } }'
const BULK_CREATE = `mutation ($input: ProductsBulkCreateInput!) { productsBulkCreate(input: $input) {
  results { index id errors { code message field } } failedCount } }`

type BulkData = {
  productsBulkCreate: { results: { index: number; id: string | null; errors: unknown[] }[]; failedCount: number }
}

/** The i-th product: 3 sizes at prices spread 5–104.99, colour, material, tags and status cycling on different periods. */
export function catalogItem(i: number): Record<string, unknown> {
  const base = 500 + ((i * 37) % 9_500)
  return {
    title: `Catalog item ${i} ${MATERIALS[i % MATERIALS.length]} ${COLORS[i % COLORS.length]}`,
    handle: `catalog-item-${i}`,
    vendor: `Vendor ${i % 25}`,
    status: STATUSES[i % STATUSES.length],
    tags: [TAGS[i % TAGS.length]!, TAGS[(i * 5 + 3) % TAGS.length]!].filter((tag, k, all) => all.indexOf(tag) === k),
    description: `A ${MATERIALS[i % MATERIALS.length]} piece in ${COLORS[i % COLORS.length]}, item ${i} of the bench catalog.`,
    options: [{ name: 'Size', values: SIZES }],
    variants: SIZES.map((size, k) => ({
      price: ((base + k * 100) / 100).toFixed(2),
      sku: `CAT-${i}-${size}`,
      inventoryQuantity: (i * 7 + k * 3) % 40,
      optionValues: [{ name: 'Size', value: size }],
    })),
    attributes: [
      { code: 'color', value: COLORS[(i * 3) % COLORS.length] },
      { code: 'material', value: MATERIALS[i % MATERIALS.length] },
    ],
  }
}

/**
 * Fills the store through GraphQL as an integration would: two filterable attributes, a two-level
 * category tree (2 roots × 4 children), 10,000 products of 3 variants by productsBulkCreate, each
 * product assigned to one leaf category.
 */
export async function seedCatalog(baseUrl: string, apiKey: string, count = CATALOG_PRODUCTS): Promise<SeededCatalog> {
  const gql = <T>(query: string, variables: Record<string, unknown>) => graphqlOk<T>(baseUrl, apiKey, query, variables)
  for (const [code, values] of [
    ['color', COLORS],
    ['material', MATERIALS],
  ] as const) {
    await gql(ATTRIBUTE_CREATE, {
      input: {
        code,
        name: code,
        type: 'SELECT',
        filterable: true,
        options: values.map((v) => ({ code: v, label: v })),
      },
    })
  }
  const leaves: string[] = []
  let filterCategoryId = ''
  for (const root of ['women', 'men']) {
    const rootId = (
      await gql<{ categoryCreate: { category: { id: string } } }>(CATEGORY_CREATE, {
        input: { title: root, handle: root },
      })
    ).categoryCreate.category.id
    filterCategoryId ||= rootId
    for (const child of ['tops', 'bottoms', 'shoes', 'bags']) {
      leaves.push(
        (
          await gql<{ categoryCreate: { category: { id: string } } }>(CATEGORY_CREATE, {
            input: { title: child, handle: child, parentId: rootId },
          })
        ).categoryCreate.category.id,
      )
    }
  }

  const ids: string[] = new Array(count)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < count) {
      const start = next
      next += BULK_SIZE
      const items = Array.from({ length: Math.min(BULK_SIZE, count - start) }, (_, k) => catalogItem(start + k))
      const data = await gql<BulkData>(BULK_CREATE, { input: { items } })
      if (data.productsBulkCreate.failedCount)
        throw new Error(
          `productsBulkCreate from #${start} refused items: ${JSON.stringify(data.productsBulkCreate.results.find((r) => r.errors.length))}`,
        )
      for (const r of data.productsBulkCreate.results) ids[start + r.index] = r.id!
    }
  }
  await Promise.all(Array.from({ length: BULK_CONCURRENCY }, worker))

  for (const [k, categoryId] of leaves.entries()) {
    const members = ids.filter((_, i) => i % leaves.length === k)
    for (let at = 0; at < members.length; at += 250)
      await gql(CATEGORY_ADD, { input: { categoryId, productIds: members.slice(at, at + 250) } })
  }
  return { filterCategoryId }
}
