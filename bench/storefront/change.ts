import { graphqlOk } from '../graphql.js'
import { getPage } from './page.js'

export interface ChangeVisible {
  samples: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** Changes the page still did not show after `GIVE_UP_MS`. */
  notSeen: number
}

const PRODUCTS_USED = 20
const GIVE_UP_MS = 5_000
const PRODUCT_ID = 'query ($handle: String!) { product(handle: $handle) { id } }'
const UPDATE_TITLE =
  'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id } eventPosition } }'

/**
 * How long after a write's answer the storefront shows it: for `durationSec`, one at a time, a
 * product page is read (so it sits in the page cache), its title is changed by `productUpdate`,
 * and from the mutation's answer the page is asked for again and again until the new title is on
 * it. The time from the answer to the first page showing it is one sample.
 */
export async function measureChangeVisible(
  baseUrl: string,
  apiKey: string,
  host: string,
  handles: readonly string[],
  durationSec: number,
): Promise<ChangeVisible> {
  const products: { id: string; handle: string }[] = []
  for (const handle of handles.slice(0, PRODUCTS_USED)) {
    const { product } = await graphqlOk<{ product: { id: string } }>(baseUrl, apiKey, PRODUCT_ID, { handle })
    products.push({ id: product.id, handle })
  }
  const page = async (handle: string) => (await getPage(baseUrl, host, `/products/${handle}`)).body
  const samples: number[] = []
  let notSeen = 0
  const end = Date.now() + durationSec * 1000
  for (let seq = 0; Date.now() < end; seq++) {
    const product = products[seq % products.length]!
    await page(product.handle)
    const title = `Changed ${seq} ${Date.now()}`
    await graphqlOk(baseUrl, apiKey, UPDATE_TITLE, { input: { id: product.id, title } })
    const answered = performance.now()
    let seen = false
    while (performance.now() - answered < GIVE_UP_MS) {
      if ((await page(product.handle)).includes(title)) {
        seen = true
        break
      }
    }
    if (seen) samples.push(performance.now() - answered)
    else notSeen++
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) =>
    samples.length ? Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!) : 0
  return { samples: samples.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), notSeen }
}
