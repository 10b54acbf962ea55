import type { DecideContext } from '../../shared/context.js'
import { DomainError, conflict } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type { UserCommand } from './commands.js'
import type { UserEvent } from './events.js'
import { evolveUser, initialUser, type User } from './user.js'

export function decideUser(command: UserCommand, state: User, _ctx: DecideContext): UserEvent[] {
  const { userId } = command.data
  switch (command.type) {
    case 'UserSignUp':
      if (state.status !== 'absent') throw conflict(`user '${userId}' already exists; log in instead`)
      return [{ type: 'UserSignedUp', data: { userId, email: command.data.email } }]
    case 'UserPasswordChange':
      requireUser(state, userId)
      return [{ type: 'UserPasswordChanged', data: { userId } }]
    case 'UserPasswordResetRequest':
      requireUser(state, userId)
      return [{ type: 'UserPasswordResetRequested', data: { userId } }]
    case 'UserPasswordResetComplete': {
      const user = requireUser(state, userId)
      // A completion without a request would be a password set by someone who never asked for it.
      if (!user.resetPending)
        throw new DomainError('BAD_USER_INPUT', 'no password reset was requested for this account; request one first', {
          field: ['input', 'token'],
        })
      return [{ type: 'UserPasswordResetCompleted', data: { userId } }]
    }
    default: {
      const _exhaustive: never = command
      return []
    }
  }
}

function requireUser(state: User, userId: string): Extract<User, { status: 'active' }> {
  if (state.status === 'absent') throw new DomainError('NOT_FOUND', `user '${userId}' does not exist`)
  return state
}

export const userDecider: Decider<User, UserCommand, UserEvent> = {
  initialState: initialUser,
  evolve: evolveUser,
  decide: decideUser,
}
