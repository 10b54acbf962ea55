import { defineCommand } from '../../shared/command.js'
import { organizationCreateInput, type OrganizationCreate } from './commands.js'
import { organizationDecider } from './decide.js'
import { ORGANIZATION_CATEGORY, organizationStream } from './streams.js'

/**
 * The new organization's id is the context's organization id: the caller (the `tenant create`
 * CLI) mints it and acts inside the organization it creates, so the event's metadata names
 * the organization it belongs to like every other event.
 */
export const organizationCreate = defineCommand({
  name: 'organizationCreate',
  tool: 'create_organization',
  description:
    'Creates an organization, the tenant that owns stores and API keys. The organization id is the one of the command context. Returns the organization id.',
  resource: ORGANIZATION_CATEGORY,
  scope: 'settings:write',
  transports: ['cli'],
  storeScoped: false,
  annotations: { destructive: false, idempotent: false },
  input: organizationCreateInput,
  prepare(input, env) {
    const organizationId = env.ctx.organizationId
    const command: OrganizationCreate = { type: 'OrganizationCreate', data: { organizationId, name: input.name } }
    return { stream: organizationStream(organizationId), command, entityId: organizationId }
  },
  decider: organizationDecider,
})

export const organizationDefinitions = [organizationCreate] as const
