import { describe, expect, it } from 'vitest'
import { assertDeletion, deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent } from '../../shared/command.js'
import type { ContentEntryCommand, ContentEntryEvent } from './content-entry.js'
import type { ContentTypeEvent } from './content-type.js'
import {
  contentEntryCreate,
  contentEntryDecider,
  contentTypeCreate,
  contentTypeDecider,
  entryHandleReservations,
} from './definitions.js'
import { validateEntryFields, type ContentField } from './fields.js'
import { contentEntryStream, contentTypeHandleKey, contentTypeStream } from './streams.js'
import { STORE, ctx, prepareEnv } from '../../../test/support/decide-context.js'

const T = '01900000-0000-7000-8000-0000000000c1'
const E = '01900000-0000-7000-8000-0000000000e1'
const P = '01900000-0000-7000-8000-0000000000f1'
const types = deciderSpec(contentTypeDecider, ctx)
const entries = deciderSpec(contentEntryDecider, ctx)

const NONE = { min: null, max: null, maxLength: null, choices: null }
const field = (key: string, type: ContentField['type'], extra: Partial<ContentField> = {}): ContentField => ({
  key,
  name: key,
  type,
  required: false,
  list: false,
  validations: NONE,
  ...extra,
})
const FIELDS = [
  field('title', 'TEXT', { required: true }),
  field('price', 'NUMBER', { validations: { ...NONE, min: 0 } }),
  field('product', 'PRODUCT_REFERENCE'),
  field('tags', 'TEXT', { list: true }),
]
const typeCreated: ContentTypeEvent = {
  type: 'ContentTypeCreated',
  data: { typeId: T, handle: 'promo', name: 'Promo', fields: FIELDS },
}
const entryCreated: ContentEntryEvent = {
  type: 'ContentEntryCreated',
  data: { entryId: E, typeId: T, handle: 'sale', fields: { title: 'Sale', price: 10 } },
}
const createEntry = (
  fields: Record<string, unknown>,
  existingReferences: string[] = [],
  typeFields: ContentField[] | null = FIELDS,
): ContentEntryCommand => ({
  type: 'ContentEntryCreate',
  data: { entryId: E, typeId: T, handle: 'sale', fields, typeFields, existingReferences },
})
const updateEntry = (
  data: Partial<Extract<ContentEntryCommand, { type: 'ContentEntryUpdate' }>['data']>,
): ContentEntryCommand => ({
  type: 'ContentEntryUpdate',
  data: { entryId: E, typeFields: FIELDS, existingReferences: [], ...data },
})

describe('contentTypeCreate', () => {
  it('records the type, and refuses a reused id', () => {
    types.given([]).when({ type: 'ContentTypeCreate', data: typeCreated.data }).then([typeCreated])
    types
      .given([typeCreated])
      .when({ type: 'ContentTypeCreate', data: typeCreated.data })
      .thenFails({ code: 'CONFLICT' })
  })

  it('parses fields with defaults and refuses duplicate keys and unknown types', async () => {
    const input = contentTypeCreate.input.parse({ name: 'Promo', fields: [{ key: 'title', type: 'TEXT' }] })
    expect(input.fields).toEqual([field('title', 'TEXT')])
    expect(
      contentTypeCreate.input.safeParse({
        name: 'X',
        fields: [
          { key: 'a', type: 'TEXT' },
          { key: 'a', type: 'TEXT' },
        ],
      }).error?.issues[0]?.path,
    ).toEqual(['fields', 1, 'key'])
    expect(
      contentTypeCreate.input.safeParse({ name: 'X', fields: [{ key: 'a', type: 'COLOR' }] }).error?.issues[0]?.message,
    ).toMatch(/type must be one of TEXT/)
    expect(contentTypeCreate.input.safeParse({ name: 'X', fields: [] }).error?.issues[0]?.message).toBe(
      'a content type needs at least one field',
    )
    const env = prepareEnv({ newId: () => T })
    expect(await contentTypeCreate.prepare(input, env)).toMatchObject({
      stream: contentTypeStream(STORE, T),
      command: { data: { handle: 'promo' } },
    })
  })
})

describe('contentTypeUpdate and contentTypeDelete', () => {
  it('renames, rehandles and changes fields, naming what was added, removed and changed', () => {
    const fields = [FIELDS[0]!, { ...FIELDS[1]!, name: 'Price' }, field('badge', 'BOOLEAN')]
    types
      .given([typeCreated])
      .when({ type: 'ContentTypeUpdate', data: { typeId: T, name: 'Promotion', handle: 'promotion', fields } })
      .then([
        { type: 'ContentTypeRenamed', data: { typeId: T, name: 'Promotion' } },
        { type: 'ContentTypeHandleChanged', data: { typeId: T, from: 'promo', to: 'promotion' } },
        {
          type: 'ContentTypeFieldsChanged',
          data: { typeId: T, fields, added: ['badge'], removed: ['product', 'tags'], changed: ['price'] },
        },
      ])
    types
      .given([typeCreated])
      .when({ type: 'ContentTypeUpdate', data: { typeId: T, name: 'Promo', fields: FIELDS } })
      .then([])
  })

  it('refuses a changed type or list flag and a field becoming required', () => {
    const retyped = FIELDS.map((f) => (f.key === 'price' ? { ...f, type: 'TEXT' as const } : f))
    types
      .given([typeCreated])
      .when({ type: 'ContentTypeUpdate', data: { typeId: T, fields: retyped } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 1, 'type'] })
    const unlisted = FIELDS.map((f) => (f.key === 'tags' ? { ...f, list: false } : f))
    types
      .given([typeCreated])
      .when({ type: 'ContentTypeUpdate', data: { typeId: T, fields: unlisted } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 3, 'type'] })
    types
      .given([typeCreated])
      .when({
        type: 'ContentTypeUpdate',
        data: { typeId: T, fields: [...FIELDS, field('sku', 'TEXT', { required: true })] },
      })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 4, 'required'] })
  })

  it('deletes with the handle, and answers NOT_FOUND for a missing type', () => {
    types
      .given([typeCreated])
      .when({ type: 'ContentTypeDelete', data: { typeId: T } })
      .then([{ type: 'ContentTypeDeleted', data: { typeId: T, handle: 'promo' } }])
    types
      .given([])
      .when({ type: 'ContentTypeDelete', data: { typeId: T } })
      .thenFails({ code: 'NOT_FOUND' })
    types
      .given([])
      .when({ type: 'ContentTypeUpdate', data: { typeId: T, name: 'x' } })
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('contentEntryCreate', () => {
  it('records values normalised by the type, with existing references', () => {
    entries
      .given([])
      .when(createEntry({ title: 'Sale', price: 10, product: P.toUpperCase(), tags: ['a'] }, [P]))
      .then([
        {
          type: 'ContentEntryCreated',
          data: {
            entryId: E,
            typeId: T,
            handle: 'sale',
            fields: { title: 'Sale', price: 10, product: P, tags: ['a'] },
          },
        },
      ])
  })

  it('refuses bad values at their field path, missing references, a gone type and a reused id', () => {
    entries
      .given([])
      .when(createEntry({ price: 1 }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 'title'], message: 'title is required' })
    entries
      .given([])
      .when(createEntry({ title: 'x', price: -1 }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 'price'], message: 'at least 0' })
    entries
      .given([])
      .when(createEntry({ title: 'x', tags: 'a' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 'tags'], message: 'is a list' })
    entries
      .given([])
      .when(createEntry({ title: 'x', other: 1 }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 'other'] })
    entries
      .given([])
      .when(createEntry({ title: 'x', product: P }))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'fields', 'product'],
        message: `product '${P}' does not exist`,
      })
    entries
      .given([])
      .when(createEntry({ title: 'x' }, [], null))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'] })
    entries
      .given([entryCreated])
      .when(createEntry({ title: 'x' }))
      .thenFails({ code: 'CONFLICT' })
  })

  it('prepares the type by handle, the handle from the first text and the live references', async () => {
    const streams: Record<string, PastEvent[]> = {
      [contentTypeStream(STORE, T)]: [
        { type: 'ContentTypeCreated', data: typeCreated.data, revision: 0, occurredAt: '' },
      ],
      [`product-${STORE}_${P}`]: [{ type: 'ProductCreated', data: {}, revision: 0, occurredAt: '' }],
    }
    const env = prepareEnv({
      newId: () => E,
      reservationOwner: async (_s, key) => (key === contentTypeHandleKey('promo') ? T : null),
      readStream: async (s) => streams[s] ?? [],
    })
    const prepared = await contentEntryCreate.prepare(
      contentEntryCreate.input.parse({ typeHandle: 'promo', fields: { title: 'Summer Sale', product: P } }),
      env,
    )
    expect(prepared).toMatchObject({
      stream: contentEntryStream(STORE, E),
      command: { data: { typeId: T, handle: 'summer-sale', typeFields: FIELDS, existingReferences: [P] } },
    })
    await expect(
      contentEntryCreate.prepare(contentEntryCreate.input.parse({ typeHandle: 'nope', fields: {} }), env),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'typeHandle'] })
    expect(contentEntryCreate.input.safeParse({ fields: {} }).error?.issues[0]?.message).toBe(
      'give the content type as typeId or typeHandle (exactly one)',
    )
  })
})

describe('contentEntryUpdate and contentEntryDelete', () => {
  it('merges values, clears with null, and records only real changes', () => {
    entries
      .given([entryCreated])
      .when(updateEntry({ fields: { price: 12, title: 'Sale' } }))
      .then([
        {
          type: 'ContentEntryFieldsChanged',
          data: { entryId: E, fields: { title: 'Sale', price: 12 }, changed: ['price'] },
        },
      ])
    entries
      .given([entryCreated])
      .when(updateEntry({ fields: { price: null } }))
      .then([
        { type: 'ContentEntryFieldsChanged', data: { entryId: E, fields: { title: 'Sale' }, changed: ['price'] } },
      ])
    entries
      .given([entryCreated])
      .when(updateEntry({ fields: { price: 10 }, handle: 'sale' }))
      .then([])
    entries
      .given([entryCreated])
      .when(updateEntry({ handle: 'big-sale' }))
      .then([{ type: 'ContentEntryHandleChanged', data: { entryId: E, typeId: T, from: 'sale', to: 'big-sale' } }])
  })

  it('refuses values the type no longer allows and unknown entries', () => {
    entries
      .given([entryCreated])
      .when(updateEntry({ fields: { title: null } }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 'title'] })
    entries
      .given([])
      .when(updateEntry({ fields: { price: 1 } }))
      .thenFails({ code: 'NOT_FOUND' })
  })

  it('deletes with the handle released within the type', () => {
    const deleted: ContentEntryEvent = { type: 'ContentEntryDeleted', data: { entryId: E, typeId: T, handle: 'sale' } }
    const remove = { type: 'ContentEntryDelete' as const, data: { entryId: E } }
    assertDeletion(entries, { created: entryCreated, remove, deleted })
    expect(entryHandleReservations([deleted], { kind: 'empty' }, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: `content-entry-handle:${T}:sale`, ownerId: E },
    ])
  })
})

describe('validateEntryFields', () => {
  const check =
    (type: ContentField['type'], value: unknown, extra: Partial<ContentField> = {}) =>
    () =>
      validateEntryFields([field('v', type, extra)], { v: value })

  it('normalises values of every type', () => {
    expect(validateEntryFields([field('v', 'RICH_TEXT')], { v: '<p onclick="x()">Hi</p><script>1</script>' })).toEqual({
      v: '<p>Hi</p>',
    })
    expect(check('BOOLEAN', true)()).toEqual({ v: true })
    expect(check('DATE', '2026-06-21')()).toEqual({ v: '2026-06-21' })
    expect(check('DATE', '2026-06-21T10:00:00Z')()).toEqual({ v: '2026-06-21T10:00:00Z' })
    expect(check('URL', 'mailto:a@b.c')()).toEqual({ v: 'mailto:a@b.c' })
    expect(check('MEDIA', P.toUpperCase())()).toEqual({ v: P })
    expect(check('TEXT', 'red', { validations: { ...NONE, choices: ['red', 'blue'] } })()).toEqual({ v: 'red' })
  })

  it('refuses wrong values with a message naming the field and what to give', () => {
    expect(check('BOOLEAN', 'yes')).toThrow('v must be true or false')
    expect(check('DATE', '21/06/2026')).toThrow("v must be a date like '2026-06-21'")
    expect(check('DATE', '2026-13-45')).toThrow('v must be a date')
    expect(check('URL', 'javascript:alert(1)')).toThrow("v must be an http(s) URL, a path starting with '/'")
    expect(check('NUMBER', 6, { validations: { ...NONE, max: 5 } })).toThrow('v must be at most 5')
    expect(check('TEXT', 'green', { validations: { ...NONE, choices: ['red', 'blue'] } })).toThrow(
      'v must be one of red, blue',
    )
    expect(check('PAGE_REFERENCE', 'about-us')).toThrow('v must be the id (a UUID) of a page')
    expect(check('TEXT', ['a'])).toThrow('v must be text')
  })
})
