import { z } from 'zod'
import { ALL_SCOPES } from '../../../domain/shared/scopes.js'
import { credentialId } from '../../../app/auth/authenticate.js'
import { listViewerStores, readOrganization } from '../../../app/tenancy/viewer/reads.js'
import { organizationViewSchema, viewerStoreViewSchema } from '../../../app/tenancy/viewer/view.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

const contextSchema = z.object({
  organization: organizationViewSchema.nullable(),
  stores: z.array(viewerStoreViewSchema).describe('Every store this credential may reach.'),
  currentStore: viewerStoreViewSchema
    .nullable()
    .describe('The store the tools work on; null when the credential reaches several and none was selected.'),
  scopes: z.array(z.enum(ALL_SCOPES)).describe('What this credential may do; a write scope includes its read scope.'),
  credential: z.object({ type: z.enum(['api_key', 'user']), id: z.string(), name: z.string() }),
})

export const contextTools: readonly ShopTool[] = [
  readTool({
    name: 'get_context',
    description:
      'Who you are working as and where: the organization, the stores this credential reaches, the current store the other tools ' +
      'work on, and the scopes (what you may do). Call it first when unsure which store you are in.',
    available: () => true,
    input: z.strictObject({}),
    output: contextSchema,
    async run(_args, call) {
      const { session } = call
      const { principal } = session
      const caller = callerOf(call)
      const stores = await listViewerStores(caller)
      return {
        organization: await readOrganization(caller),
        stores,
        currentStore: stores.find((store) => store.id === session.store?.id) ?? null,
        scopes: principal.scopes,
        credential: { type: principal.type, id: credentialId(principal), name: principal.name },
      }
    },
  }),
]
