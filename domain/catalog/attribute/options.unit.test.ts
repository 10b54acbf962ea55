import { describe, expect, it } from 'vitest'
import { A, created, ctx, fields, inUse, spec, unused } from '../../../test/support/attribute-decider.js'
import type { PrepareEnv } from '../../shared/command.js'
import { fold } from '../../shared/event.js'
import type { AttributeCommand } from './commands.js'
import { attributeDecider, attributeRevert } from './definitions.js'
import type { AttributeEvent, AttributeFields } from './events.js'

// Options of SELECT attributes: added, relabelled, removed while nobody holds them, reordered.

describe('options', () => {
  const add = (code: string, label: string, position: number | null = null): AttributeCommand => ({
    type: 'AttributeOptionAdd',
    data: { attributeId: A, option: { code, label }, position },
  })

  it('adds at the end or a position; the same option again changes nothing; another label is a CONFLICT', () => {
    spec
      .given([created])
      .when(add('l', 'L'))
      .then([
        { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'l', label: 'L' }, position: 2 } },
      ])
    spec
      .given([created])
      .when(add('xs', 'XS', 0))
      .then([
        { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'xs', label: 'XS' }, position: 0 } },
      ])
    spec.given([created]).when(add('s', 'S')).then([])
    spec
      .given([created])
      .when(add('s', 'Small'))
      .thenFails({ code: 'CONFLICT', field: ['input', 'code'] })
  })

  it('refuses options on attributes that have none', () => {
    const text: AttributeEvent = { type: 'AttributeCreated', data: { ...fields, type: 'TEXT', options: [] } }
    spec.given([text]).when(add('a', 'A')).thenFails({
      code: 'BAD_USER_INPUT',
      message: "attribute 'size' is TEXT; only SELECT and MULTISELECT attributes have options",
    })
  })

  it('relabels an existing option and names the options when it is unknown', () => {
    spec
      .given([created])
      .when({ type: 'AttributeOptionUpdate', data: { attributeId: A, code: 'm', label: 'Medium' } })
      .then([{ type: 'AttributeOptionRelabeled', data: { attributeId: A, code: 'm', label: 'Medium' } }])
    spec
      .given([created])
      .when({ type: 'AttributeOptionUpdate', data: { attributeId: A, code: 'x', label: 'X' } })
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'code'],
        message: "attribute 'size' has no option 'x'; its options are s, m",
      })
  })

  it('removes an option nobody holds, refuses one that products hold, ignores one that is not there', () => {
    const remove = (code: string, usage = unused): AttributeCommand => ({
      type: 'AttributeOptionRemove',
      data: { attributeId: A, code },
      usage,
    })
    spec
      .given([created])
      .when(remove('m', inUse))
      .then([{ type: 'AttributeOptionRemoved', data: { attributeId: A, code: 'm' } }])
    spec
      .given([created])
      .when(remove('s', inUse))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'code'],
        message: "option 's' of attribute 'size' is the value of 2 product(s)",
      })
    spec.given([created]).when(remove('x')).then([])
  })

  it('reorders, refusing unknown and repeated codes', () => {
    const reorder = (codes: string[]): AttributeCommand => ({
      type: 'AttributeOptionReorder',
      data: { attributeId: A, codes },
    })
    spec
      .given([created])
      .when(reorder(['m']))
      .then([{ type: 'AttributeOptionsReordered', data: { attributeId: A, codes: ['m', 's'] } }])
    spec
      .given([created])
      .when(reorder(['s']))
      .then([])
    spec
      .given([created])
      .when(reorder(['m', 'x']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'codes', 1] })
    spec
      .given([created])
      .when(reorder(['m', 'm']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'codes', 1], message: 'listed twice' })
  })

  it('folds every option event into the list', () => {
    const state = fold(attributeDecider, [
      created,
      { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'xs', label: 'XS' }, position: 0 } },
      { type: 'AttributeOptionRelabeled', data: { attributeId: A, code: 'm', label: 'Medium' } },
      { type: 'AttributeOptionRemoved', data: { attributeId: A, code: 's' } },
      { type: 'AttributeOptionsReordered', data: { attributeId: A, codes: ['m', 'xs'] } },
    ])
    expect(state).toMatchObject({
      kind: 'existing',
      revision: 4,
      attribute: {
        options: [
          { code: 'm', label: 'Medium' },
          { code: 'xs', label: 'XS' },
        ],
      },
    })
  })
})

describe('attributeRevert', () => {
  const history: AttributeEvent[] = [
    created,
    { type: 'AttributeRenamed', data: { attributeId: A, name: 'Fit' } },
    { type: 'AttributeOptionRemoved', data: { attributeId: A, code: 'm' } },
    { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'l', label: 'L' }, position: 1 } },
  ]
  const revert = (toRevision: number, target: AttributeFields | null, usage = unused): AttributeCommand => ({
    type: 'AttributeRevert',
    data: { attributeId: A, toRevision, target },
    usage,
  })

  it('appends the marker and the changes back to the target state', () => {
    spec
      .given(history)
      .when(revert(0, fields))
      .then([
        { type: 'AttributeReverted', data: { attributeId: A, toRevision: 0 } },
        { type: 'AttributeRenamed', data: { attributeId: A, name: 'Size' } },
        { type: 'AttributeOptionRemoved', data: { attributeId: A, code: 'l' } },
        { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'm', label: 'M' }, position: 1 } },
      ])
  })

  it('records nothing when the attribute already is as at that revision', () => {
    spec.given([created]).when(revert(0, fields)).then([])
  })

  it('refuses a revision the stream does not have, and removing an option products hold', () => {
    spec
      .given(history)
      .when(revert(9, null))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'toRevision'], message: 'revisions 0 to 3' })
    spec
      .given(history)
      .when(revert(0, fields, { values: 1, byOption: { l: 1 } }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'toRevision'] })
    spec.given([]).when(revert(0, fields)).thenFails({ code: 'NOT_FOUND' })
  })

  it('folds the target from the stream up to the revision in prepare', async () => {
    const past = history.map((e, revision) => ({
      ...e,
      data: e.data as Record<string, unknown>,
      revision,
      occurredAt: '2026-01-01T00:00:00Z',
    }))
    const env: PrepareEnv = {
      ctx,
      newId: () => 'unused',
      reservationOwner: async () => null,
      readStream: async () => past,
      catalogUsage: { attributeUsage: async () => unused, productsInAttributeSet: async () => 0 },
    }
    const prepared = await attributeRevert.prepare({ id: A, toRevision: 1 }, env)
    expect(prepared.command).toMatchObject({
      type: 'AttributeRevert',
      data: { toRevision: 1, target: { name: 'Fit', options: fields.options } },
    })
    expect((await attributeRevert.prepare({ id: A, toRevision: 7 }, env)).command).toMatchObject({
      data: { target: null },
    })
  })
})
