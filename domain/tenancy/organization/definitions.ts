import { defineCommand, organizationWrite } from '../../shared/command.js'
import {
  organizationCreateInput,
  organizationUpdateInput,
  type OrganizationCreate,
  type OrganizationUpdate,
} from './commands.js'
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

/** Renames the caller's own organization; the transport decides who may (see the GraphQL resolver). */
export const organizationUpdate = defineCommand({
  name: 'organizationUpdate',
  tool: 'update_organization',
  description:
    "Changes the caller's organization: its name. Omitted or null fields stay as they are. Returns the organization.",
  ...organizationWrite(ORGANIZATION_CATEGORY, 'settings:write', { decider: organizationDecider }),
  annotations: { destructive: false, idempotent: true },
  input: organizationUpdateInput,
  prepare(input, env) {
    const organizationId = env.ctx.organizationId
    const command: OrganizationUpdate = {
      type: 'OrganizationUpdate',
      data: { organizationId, name: input.name ?? undefined },
    }
    return { stream: organizationStream(organizationId), command, entityId: organizationId }
  },
})

export const organizationDefinitions = [organizationCreate, organizationUpdate] as const
