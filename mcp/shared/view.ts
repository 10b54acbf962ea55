import type { z } from 'zod'
import type { Caller } from '../../app/caller.js'
import { callerOf, startCall, type ShopSession } from './session.js'

/**
 * How a write tool reads its entity back from the read model after the write: one per resource
 * (the `resource` of the command definitions that write it), in `mcp/<area>/<resource>/views.ts`.
 */
export interface ResourceView {
  /** The command definitions' `resource`, e.g. `product`. */
  resource: string
  /** The read tool that fetches one, named in messages. */
  readTool: string
  /** The entity's JSON. */
  schema: z.ZodObject
  /** The entity as JSON, or null when the session's store has no such entity. */
  read(session: ShopSession, id: string): Promise<Record<string, unknown> | null>
}

export interface ResourceViewSpec<View> extends Omit<ResourceView, 'read'> {
  /** The app read of one view by id, null when the caller's store has none. */
  find(caller: Caller, id: string): Promise<View | null>
}

/**
 * A resource's read-back through its `app/` read, so a write tool answers with the view its get
 * tool and GraphQL serve.
 *
 * @example resourceView({ resource: PAGE_CATEGORY, readTool: 'get_page', schema: pageViewSchema, find: findPageView })
 */
export function resourceView<View extends Record<string, unknown>>(spec: ResourceViewSpec<View>): ResourceView {
  const { resource, readTool, schema, find } = spec
  return { resource, readTool, schema, read: (session, id) => find(callerOf(startCall(session)), id) }
}
