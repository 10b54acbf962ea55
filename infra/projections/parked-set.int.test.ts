import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DomainError } from '../../domain/shared/errors.js'
import { openSecondConnection } from '../../test/support/database.js'
import { countedEvent, eventually, openEngine, type TestEngine } from '../../test/support/projections.js'
import type { Database } from '../database/database.js'
import type { RecordedEvent } from '../eventstore/port.js'
import { parkStore, unparkStores } from './parked.js'
import { PARKED_RETRY_AFTER_SECONDS, ParkedStores } from './parked-set.js'

/**
 * The write path's view of the parked stores: in memory, told at once by the local worker, and
 * brought up to date by NOTIFY when another process parks or unparks a store.
 */
let engine: TestEngine
let other: Database

beforeAll(async () => {
  engine = await openEngine()
  // Another process's connections (the same one on PGlite, where only one process can exist).
  other = await openSecondConnection(engine.test)
})

afterAll(async () => {
  if (other !== engine.database) await other.close()
  await engine.close()
})

function recorded(storeId: string): RecordedEvent {
  return {
    ...countedEvent(storeId, 'e0'),
    streamName: `counted-${storeId}_e0`,
    revision: 0,
    position: '00000000000000000001-00000000000000000001',
    recordedAt: new Date(),
  }
}

function refusal(parked: ParkedStores, storeId: string): DomainError | null {
  try {
    parked.refuseWrites(storeId)
    return null
  } catch (error) {
    return error as DomainError
  }
}

describe('the parked set', () => {
  it('refuses a store parked by the local worker at once, and takes its writes again once unparked', async () => {
    const parked = new ParkedStores(engine.database)
    await parked.start()
    const store = randomUUID()
    expect(refusal(parked, store)).toBeNull()
    parked.parked('products', store, 'ProductCreated x: out of range')
    expect(refusal(parked, store)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { retryAfter: PARKED_RETRY_AFTER_SECONDS, projection: 'products' },
    })
    expect(refusal(parked, randomUUID())).toBeNull()
    parked.unparked('products', store)
    expect(refusal(parked, store)).toBeNull()
    await parked.stop()
  })

  it('learns of parks and unparks made by another process through NOTIFY', async () => {
    const parked = new ParkedStores(engine.database, 60_000)
    await parked.start()
    const store = randomUUID()
    await other.db
      .transaction()
      .execute((trx) => parkStore(trx, 'pages', store, recorded(store), 'PageCreated x: boom'))
    await eventually(() => expect(parked.of(store)).toEqual(new Map([['pages', 'PageCreated x: boom']])))
    await other.db.transaction().execute((trx) => unparkStores(trx, 'pages', null))
    await eventually(() => expect(parked.of(store).size).toBe(0))
    await parked.stop()
  })

  it('reloads by itself after its time to live, should a notification be lost', async () => {
    const parked = new ParkedStores(engine.database, 50)
    await parked.start()
    await parked.stop()
    const store = randomUUID()
    // Parked while nobody listened.
    await engine.database.db
      .transaction()
      .execute((trx) => parkStore(trx, 'menus', store, recorded(store), 'MenuCreated x: boom'))
    await eventually(() => expect(refusal(parked, store)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' }))
    await engine.database.db.transaction().execute((trx) => unparkStores(trx, 'menus', store))
  })
})
