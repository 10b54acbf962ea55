import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { attributeMutation, createSizeAttribute, type Attribute } from '../../../../test/support/attributes.js'

// attributeRevert restores the states Attribute.history shows: the attribute after a whole
// command, never halfway through one.

const t = useTestApp()

type Written = { attribute: Attribute | null; eventPosition: string | null }
const run = async (apiKey: string, name: string, input: Record<string, unknown>) => {
  const response = await t.gql<Record<string, Written>>(apiKey, attributeMutation(name), { input })
  expect(response.errors).toBeUndefined()
  return response.data![name]!
}

describe('attributeRevert to a revision written by a command of several events', () => {
  it('restores the attribute as that whole update left it', async () => {
    const { apiKey } = await t.tenant('attr-revert-command')
    const size = await createSizeAttribute(t, apiKey)
    // One attributeUpdate of name and flags: revisions 1 and 2.
    const updated = await run(apiKey, 'attributeUpdate', {
      id: size.id,
      name: 'Fit size',
      required: true,
      filterable: true,
    })
    expect(updated.attribute!.revision).toBe(2)
    await run(apiKey, 'attributeUpdate', { id: size.id, name: 'Cut', required: false })

    const reverted = await run(apiKey, 'attributeRevert', { id: size.id, toRevision: 1 })
    expect(reverted.attribute).toMatchObject({ name: 'Fit size', required: true, filterable: true })
    // Revision 2 ends the same update: the attribute is already as it left it.
    expect((await run(apiKey, 'attributeRevert', { id: size.id, toRevision: 2 })).eventPosition).toBeNull()
  })
})
