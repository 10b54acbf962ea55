import { readFile, writeFile } from 'node:fs/promises'
import { lexicographicSortSchema, printSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { buildStorefrontSchema } from './execute.js'

const PRINTED = new URL('./schema.graphql', import.meta.url)

describe('the printed storefront schema', () => {
  // The public contract of headless front ends: every change shows in review as a diff of
  // schema.graphql; UPDATE_SCHEMA=1 rewrites it after a deliberate change.
  it('is the committed api/storefront/schema.graphql', async () => {
    const printed = `${printSchema(lexicographicSortSchema(buildStorefrontSchema()))}\n`
    if (process.env.UPDATE_SCHEMA) await writeFile(PRINTED, printed)
    expect(printed).toBe(await readFile(PRINTED, 'utf8'))
  })

  it("writes only a shopper's cart: no other mutation, no subscription", () => {
    const schema = buildStorefrontSchema()
    expect(Object.keys(schema.getMutationType()!.getFields()).every((name) => name.startsWith('cart'))).toBe(true)
    expect(schema.getSubscriptionType()).toBeUndefined()
  })
})
