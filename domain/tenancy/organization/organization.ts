import type { OrganizationEvent } from './events.js'

/** What decisions about an organization need to know. */
export type Organization = { status: 'absent' } | { status: 'active'; id: string; name: string }

export const initialOrganization = (): Organization => ({ status: 'absent' })

export function evolveOrganization(state: Organization, event: OrganizationEvent): Organization {
  switch (event.type) {
    case 'OrganizationCreated':
      return { status: 'active', id: event.data.organizationId, name: event.data.name }
    case 'OrganizationRenamed':
      return state.status === 'absent' ? state : { ...state, name: event.data.name }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
