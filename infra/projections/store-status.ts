import type { AnyDb } from '../database/database.js'
import { readParked } from './parked.js'

export interface ReadModelStatus {
  state: 'CURRENT' | 'STALE'
  /** The first projection the store is parked in (the oldest park), null when current. */
  projection: string | null
  error: string | null
}

/** Whether a store's read models follow its writes (`Store.readModelStatus`): read from the parked stores, never cached. */
export async function readModelStatus(db: AnyDb, storeId: string): Promise<ReadModelStatus> {
  const [first] = await readParked(db, { storeId })
  return first
    ? { state: 'STALE', projection: first.projection, error: first.error }
    : { state: 'CURRENT', projection: null, error: null }
}
