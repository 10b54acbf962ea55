import { z } from 'zod'
import { ALL_SCOPES } from '../../../domain/shared/scopes.js'
import { credentialId } from '../../../app/auth/authenticate.js'
import { findOrganization, listStores, type StoreRecord } from '../../../projections/tenancy/queries.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

const storeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  defaultLocale: z.string(),
  currency: z.string(),
  commerceEnabled: z.boolean(),
})

const contextSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  stores: z.array(storeSchema).describe('Every store this credential may reach.'),
  currentStore: storeSchema
    .nullable()
    .describe('The store the tools work on; null when the credential reaches several and none was selected.'),
  scopes: z.array(z.enum(ALL_SCOPES)).describe('What this credential may do; a write scope includes its read scope.'),
  credential: z.object({ type: z.enum(['api_key', 'user']), id: z.string(), name: z.string() }),
})

function storeJson(store: StoreRecord) {
  const { id, slug, name, defaultLocale, currency, commerceEnabled } = store
  return { id, slug, name, defaultLocale, currency, commerceEnabled }
}

export const contextTools: readonly ShopTool[] = [
  readTool({
    name: 'get_context',
    description:
      'Who you are working as and where: the organization, the stores this credential reaches, the current store the other tools ' +
      'work on, and the scopes (what you may do). Call it first when unsure which store you are in.',
    available: () => true,
    input: z.strictObject({}),
    output: contextSchema,
    async run(_args, { session }) {
      const { db } = session.platform.database
      const { principal } = session
      const organization = await findOrganization(db, principal.organizationId)
      const stores = (await listStores(db, principal.organizationId, principal.storeIds)).map(storeJson)
      return {
        organization: organization ? { id: organization.id, name: organization.name } : null,
        stores,
        currentStore: stores.find((store) => store.id === session.store?.id) ?? null,
        scopes: principal.scopes,
        credential: { type: principal.type, id: credentialId(principal), name: principal.name },
      }
    },
  }),
]
