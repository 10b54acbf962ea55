import type { MercuriusContext } from 'mercurius'
import { v7 as uuidv7 } from 'uuid'
import type { Caller } from '../../../app/caller.js'

/** What every resolver gets: who is asking, for which store, in which request. */
export interface RequestContext extends Caller {
  requestId: string
}

export type GraphQLContext = MercuriusContext & RequestContext

export function newCorrelationId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header
  return value && /^[\w.:-]{1,100}$/.test(value) ? value : uuidv7()
}
