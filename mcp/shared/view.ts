import type { z } from 'zod'
import type { ShopSession } from './session.js'

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
