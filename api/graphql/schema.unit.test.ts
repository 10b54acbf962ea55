import { readFile, writeFile } from 'node:fs/promises'
import { buildSchema, lexicographicSortSchema, printSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { sharedTypeDefs } from './shared/schema.js'
import { graphqlSlices } from './slices.js'

const PRINTED = new URL('./schema.graphql', import.meta.url)

/** The whole schema, sorted, as integrations see it through introspection. */
function printedSchema(): string {
  const schema = buildSchema([sharedTypeDefs, ...graphqlSlices.map((slice) => slice.typeDefs)].join('\n'))
  return `${printSchema(lexicographicSortSchema(schema))}\n`
}

describe('the printed schema', () => {
  // Every change to the public contract shows in review as a diff of schema.graphql;
  // UPDATE_SCHEMA=1 rewrites it after a deliberate change.
  it('is the committed api/graphql/schema.graphql', async () => {
    const printed = printedSchema()
    if (process.env.UPDATE_SCHEMA) await writeFile(PRINTED, printed)
    expect(printed).toBe(await readFile(PRINTED, 'utf8'))
  })
})
