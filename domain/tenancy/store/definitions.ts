import { defineCommand, type UniquenessChange } from '../../shared/command.js'
import { storeCreateInput, type StoreCreate } from './commands.js'
import { storeDecider } from './decide.js'
import type { StoreEvent } from './events.js'
import { SLUG_UNIQUENESS_SCOPE, STORE_CATEGORY, slugUniquenessKey, storeStream } from './streams.js'

export const storeCreate = defineCommand({
  name: 'storeCreate',
  tool: 'create_store',
  description:
    "Creates a store in the organization with a name and a slug (its subdomain: 3-40 lowercase letters, digits and hyphens, unique across the platform). It starts with locale 'en' and currency USD. Returns the store id.",
  resource: STORE_CATEGORY,
  scope: 'settings:write',
  transports: ['cli'],
  storeScoped: false,
  annotations: { destructive: false, idempotent: false },
  input: storeCreateInput,
  prepare(input, env) {
    const storeId = env.newId()
    const organizationId = env.ctx.organizationId
    const command: StoreCreate = { type: 'StoreCreate', data: { storeId, organizationId, name: input.name, slug: input.slug } }
    return { stream: storeStream(organizationId, storeId), command, entityId: storeId }
  },
  decider: storeDecider,
  uniqueness: (events) => events.flatMap(slugClaims),
})

/** A created store claims its slug; a later rename would release the old one and claim the new. */
function slugClaims(event: StoreEvent): UniquenessChange[] {
  if (event.type !== 'StoreCreated') return []
  const { storeId, slug } = event.data
  return [
    {
      kind: 'claim',
      scope: SLUG_UNIQUENESS_SCOPE,
      key: slugUniquenessKey(slug),
      ownerId: storeId,
      field: ['input', 'slug'],
      message: `store slug '${slug}' is taken; choose another`,
    },
  ]
}

export const storeDefinitions = [storeCreate] as const
