import type { DecideContext } from '../../shared/context.js'
import { DomainError, conflict } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type { OrganizationCommand, OrganizationCreate, OrganizationUpdate } from './commands.js'
import type { OrganizationEvent } from './events.js'
import { evolveOrganization, initialOrganization, type Organization } from './organization.js'

export function decideOrganization(
  command: OrganizationCommand,
  state: Organization,
  _ctx: DecideContext,
): OrganizationEvent[] {
  switch (command.type) {
    case 'OrganizationCreate':
      return create(command, state)
    case 'OrganizationUpdate':
      return update(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: OrganizationCreate, state: Organization): OrganizationEvent[] {
  const { organizationId, name } = command.data
  if (state.status !== 'absent')
    throw conflict(`organization '${organizationId}' already exists; pick it instead of creating it again`)
  return [{ type: 'OrganizationCreated', data: { organizationId, name } }]
}

/** Only what really changes becomes an event. */
function update(command: OrganizationUpdate, state: Organization): OrganizationEvent[] {
  const { organizationId, name } = command.data
  if (state.status === 'absent') throw new DomainError('NOT_FOUND', `organization '${organizationId}' does not exist`)
  return name !== undefined && name !== state.name
    ? [{ type: 'OrganizationRenamed', data: { organizationId, name } }]
    : []
}

export const organizationDecider: Decider<Organization, OrganizationCommand, OrganizationEvent> = {
  initialState: initialOrganization,
  evolve: evolveOrganization,
  decide: decideOrganization,
}
