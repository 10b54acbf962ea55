import type { MemberEvent } from './events.js'
import type { MemberRole } from './roles.js'

export interface Membership {
  id: string
  email: string
  /** Null while the invitation is pending. */
  userId: string | null
  role: MemberRole
  status: 'invited' | 'active'
}

/** Every current member and pending invitation of one organization, by member id. */
export interface Members {
  byId: Readonly<Record<string, Membership>>
}

export const initialMembers = (): Members => ({ byId: {} })

export function evolveMembers(state: Members, event: MemberEvent): Members {
  const put = (member: Membership): Members => ({ byId: { ...state.byId, [member.id]: member } })
  const current = (id: string) => state.byId[id]
  switch (event.type) {
    case 'MemberInvited':
    case 'MemberInvitationRenewed':
      return put({
        id: event.data.memberId,
        email: event.data.email,
        userId: null,
        role: event.data.role,
        status: 'invited',
      })
    case 'MemberJoined':
      return put({
        id: event.data.memberId,
        email: event.data.email,
        userId: event.data.userId,
        role: event.data.role,
        status: 'active',
      })
    case 'MemberRoleChanged': {
      const member = current(event.data.memberId)
      return member ? put({ ...member, role: event.data.to }) : state
    }
    case 'MemberRemoved': {
      const { [event.data.memberId]: _removed, ...rest } = state.byId
      return { byId: rest }
    }
    case 'OrganizationOwnershipTransferred': {
      const from = current(event.data.fromMemberId)
      const to = current(event.data.toMemberId)
      if (!from || !to) return state
      return { byId: { ...state.byId, [from.id]: { ...from, role: 'ADMIN' }, [to.id]: { ...to, role: 'OWNER' } } }
    }
    default: {
      const _exhaustive: never = event
      return state
    }
  }
}

/** Active members with the OWNER role. */
export function owners(state: Members): Membership[] {
  return Object.values(state.byId).filter((m) => m.status === 'active' && m.role === 'OWNER')
}

export function findByEmail(state: Members, email: string): Membership | undefined {
  return Object.values(state.byId).find((m) => m.email === email)
}

export function findByUser(state: Members, userId: string): Membership | undefined {
  return Object.values(state.byId).find((m) => m.userId === userId && m.status === 'active')
}
