import type { UserEvent } from './events.js'

/** What decisions about a person's account need to know. */
export type User = { status: 'absent' } | { status: 'active'; id: string; email: string; resetPending: boolean }

export const initialUser = (): User => ({ status: 'absent' })

export function evolveUser(state: User, event: UserEvent): User {
  switch (event.type) {
    case 'UserSignedUp':
      return { status: 'active', id: event.data.userId, email: event.data.email, resetPending: false }
    case 'UserPasswordResetRequested':
      return state.status === 'absent' ? state : { ...state, resetPending: true }
    case 'UserPasswordChanged':
    case 'UserPasswordResetCompleted':
      return state.status === 'absent' ? state : { ...state, resetPending: false }
    default: {
      const _exhaustive: never = event
      return state
    }
  }
}
