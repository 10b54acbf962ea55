import { describe, expect, it } from 'vitest'
import { assertDeletion, deciderSpec } from '../../test/support/decider-spec.js'
import type { PrepareEnv } from '../shared/command.js'
import { fold } from '../shared/event.js'
import { mediaRecordInput, mediaRecordDeleteInput, mediaUpdateInput } from './commands.js'
import {
  liveMediaReservation,
  mediaCommands,
  mediaRecord,
  mediaDecider,
  mediaRecordDelete,
  mediaUpdate,
} from './definitions.js'
import { MEDIA_EVENT_TYPES, type MediaCreated, type MediaEvent } from './events.js'
import { STORE, ctx, prepareEnv } from '../../test/support/decide-context.js'

const ID = '01900000-0000-7000-8000-0000000000b1'
const HASH = 'a'.repeat(64)
const spec = deciderSpec(mediaDecider, ctx)

const created: MediaCreated = {
  type: 'MediaCreated',
  data: {
    mediaId: ID,
    hash: HASH,
    mimeType: 'image/png',
    kind: 'IMAGE',
    width: 640,
    height: 480,
    bytes: 1234,
    filename: 'shirt.png',
    alt: 'A red shirt',
  },
}
const deleted: MediaEvent = { type: 'MediaDeleted', data: { mediaId: ID, hash: HASH } }
const env = (storeId: string | null = STORE): PrepareEnv => prepareEnv({ ctx: { ...ctx, storeId }, newId: () => ID })

describe('mediaRecord', () => {
  it('records the media as the pipeline described it', () => {
    spec.given([]).when({ type: 'MediaCreate', data: created.data }).then([created])
  })

  it('refuses an id whose stream already has a media, even a deleted one', () => {
    spec
      .given([created])
      .when({ type: 'MediaCreate', data: created.data })
      .thenFails({ code: 'CONFLICT', message: 'already exists' })
    spec.given([created, deleted]).when({ type: 'MediaCreate', data: created.data }).thenFails({ code: 'CONFLICT' })
  })

  it('prepares a fresh stream of the store, alt text empty when not given', async () => {
    const { mediaId: _id, alt: _alt, ...facts } = created.data
    const prepared = await mediaRecord.prepare(mediaRecordInput.parse({ ...facts, alt: null }), env())
    expect(prepared).toEqual({
      stream: `media-${STORE}_${ID}`,
      entityId: ID,
      command: { type: 'MediaCreate', data: { ...created.data, alt: '' } },
    })
    expect(() => mediaRecord.prepare(mediaRecordInput.parse(facts), env(null))).toThrow(
      'this command works on one store',
    )
  })

  it('accepts only facts the pipeline produces', () => {
    const { mediaId: _id, ...facts } = created.data
    expect(mediaRecordInput.safeParse({ ...facts, hash: 'ABC' }).success).toBe(false)
    expect(mediaRecordInput.safeParse({ ...facts, mimeType: 'image/svg+xml' }).success).toBe(false)
    expect(mediaRecordInput.safeParse({ ...facts, filename: '../etc/passwd' }).success).toBe(false)
    expect(mediaRecordInput.safeParse({ ...facts, alt: 'x'.repeat(513) }).success).toBe(false)
  })
})

describe('mediaUpdate', () => {
  const update = (alt: string) => ({ type: 'MediaUpdate' as const, data: { mediaId: ID, alt } })

  it('records a new alt text, and nothing when it is the same', () => {
    spec
      .given([created])
      .when(update('Blue'))
      .then([{ type: 'MediaAltChanged', data: { mediaId: ID, alt: 'Blue' } }])
    spec.given([created]).when(update('A red shirt')).then([])
    spec
      .given([created, { type: 'MediaAltChanged', data: { mediaId: ID, alt: '' } }])
      .when(update(''))
      .then([])
  })

  it('answers NOT_FOUND for a missing or deleted media', () => {
    spec
      .given([])
      .when(update('x'))
      .thenFails({ code: 'NOT_FOUND', message: `media '${ID}' does not exist in this store` })
    spec.given([created, deleted]).when(update('x')).thenFails({ code: 'NOT_FOUND' })
  })

  it('trims alt text and names the field at fault', () => {
    expect(mediaUpdateInput.parse({ id: ID.toUpperCase(), alt: '  Red  ' })).toEqual({ id: ID, alt: 'Red' })
    expect(mediaUpdateInput.safeParse({ id: ID, alt: 'x'.repeat(513) }).error?.issues[0]).toMatchObject({
      path: ['alt'],
      message: 'alt must be at most 512 characters',
    })
    expect(mediaUpdateInput.safeParse({ id: 'nope', alt: '' }).error?.issues[0]).toMatchObject({
      path: ['id'],
      message: 'id must be a media id (a UUID)',
    })
  })
})

describe('mediaRecordDelete', () => {
  it('records the deletion with the hash of its bytes, and answers NOT_FOUND for a missing media and on the second delete', () => {
    assertDeletion(spec, { created, remove: { type: 'MediaDelete', data: { mediaId: ID } }, deleted })
  })

  it('prepares in the stream of the given id', async () => {
    expect(await mediaRecordDelete.prepare(mediaRecordDeleteInput.parse({ id: ID }), env())).toMatchObject({
      stream: `media-${STORE}_${ID}`,
      entityId: ID,
    })
    expect(await mediaUpdate.prepare(mediaUpdateInput.parse({ id: ID, alt: 'a' }), env())).toMatchObject({
      stream: `media-${STORE}_${ID}`,
    })
  })
})

describe('evolve and reservations', () => {
  it('folds every event', () => {
    const state = fold(mediaDecider, [created, { type: 'MediaAltChanged', data: { mediaId: ID, alt: 'Blue' } }])
    expect(state).toEqual({ kind: 'existing', media: { ...created.data, alt: 'Blue' } })
    expect(mediaDecider.evolve(state, deleted)).toEqual({ kind: 'deleted', mediaId: ID })
    expect([...MEDIA_EVENT_TYPES].sort()).toEqual(['MediaAltChanged', 'MediaCreated', 'MediaDeleted'])
  })

  it('reserves the id in its store while the media lives', () => {
    const empty = fold(mediaDecider, [])
    expect(liveMediaReservation([created], empty, ctx)).toEqual([
      {
        kind: 'claim',
        scope: STORE,
        key: `media:${ID}`,
        ownerId: ID,
        field: ['input'],
        message: `media '${ID}' already exists`,
      },
    ])
    expect(liveMediaReservation([deleted], empty, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: `media:${ID}`, ownerId: ID },
    ])
    expect(liveMediaReservation([{ type: 'MediaAltChanged', data: { mediaId: ID, alt: '' } }], empty, ctx)).toEqual([])
  })

  it('lets products:write or webstore:write upload, and offers raw create and delete to no transport', () => {
    expect(mediaCommands.map((d) => [d.name, d.scope, d.alsoGrantedBy, d.transports])).toEqual([
      ['mediaRecord', 'products:write', ['webstore:write'], []],
      ['mediaUpdate', 'products:write', ['webstore:write'], ['graphql', 'mcp', 'cli']],
      ['mediaRecordDelete', 'products:write', ['webstore:write'], []],
    ])
  })
})
