import { defineCommand, type UniquenessChange } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { DomainError } from '../../shared/errors.js'
import { reservationChanges } from '../../shared/reservations.js'
import type { UserCommand } from './commands.js'
import { userPasswordCommandInput, userSignUpInput } from './commands.js'
import { userDecider } from './decide.js'
import type { UserEvent } from './events.js'
import { PLATFORM_SCOPE, USER_CATEGORY, userEmailKey, userStream } from './streams.js'

/*
 * A person's account is theirs whatever their role: any member scope allows these commands, and
 * each acts on the actor itself (prepare takes the user id from the actor, never from input), so
 * no credential can reach another person's account. API keys are refused outright. The account
 * service (app/auth/accounts.ts) runs them after it checked a password or a token.
 */
const ACCOUNT = {
  resource: USER_CATEGORY,
  scope: 'products:read',
  alsoGrantedBy: ['webstore:read', 'settings:read'],
  // Steps of the account operations in app/auth (signUp, passwordChange …), which hold the password; no transport offers them alone.
  transports: [],
  storeScoped: false,
  decider: userDecider,
} as const

/** The signed-in person of the context; FORBIDDEN for keys, agents and the system. */
export function actingUser(ctx: DecideContext): string {
  if (ctx.actor.type !== 'user') {
    throw new DomainError('FORBIDDEN', 'only a signed-in person can change their own account; API keys cannot')
  }
  return ctx.actor.id
}

export const userSignUp = defineCommand({
  ...ACCOUNT,
  name: 'userSignUp',
  tool: 'sign_up_user',
  description:
    'Records a new person with their sign-in email (unique across the platform). The password hash is stored beforehand, outside events. Returns the user id.',
  annotations: { destructive: false, idempotent: false },
  input: userSignUpInput,
  prepare(input) {
    const command: UserCommand = { type: 'UserSignUp', data: { userId: input.userId, email: input.email } }
    return { stream: userStream(input.userId), command, entityId: input.userId }
  },
  uniqueness: emailReservations,
})

function passwordCommand(
  name: string,
  tool: string,
  type: Exclude<UserCommand['type'], 'UserSignUp'>,
  description: string,
) {
  return defineCommand({
    ...ACCOUNT,
    name,
    tool,
    description,
    annotations: { destructive: false, idempotent: false },
    input: userPasswordCommandInput,
    prepare(_input, env) {
      const userId = actingUser(env.ctx)
      const command = { type, data: { userId } } as UserCommand
      return { stream: userStream(userId), command, entityId: userId }
    },
  })
}

export const userPasswordChange = passwordCommand(
  'userPasswordChange',
  'change_user_password',
  'UserPasswordChange',
  'Records that the signed-in person changed their password (the new hash is stored outside events). Returns the user id.',
)
export const userPasswordResetRequest = passwordCommand(
  'userPasswordResetRequest',
  'request_user_password_reset',
  'UserPasswordResetRequest',
  'Records that a password reset was requested for the acting person (the token is mailed and stored hashed, outside events).',
)
export const userPasswordResetComplete = passwordCommand(
  'userPasswordResetComplete',
  'complete_user_password_reset',
  'UserPasswordResetComplete',
  'Records that the acting person set a new password with a reset token. Returns the user id.',
)

/** The sign-in email is claimed platform-wide when a person signs up; a taken one is a CONFLICT. */
function emailReservations(events: readonly UserEvent[]): UniquenessChange[] {
  const { claim } = reservationChanges(PLATFORM_SCOPE, userEmailKey, ['input', 'email'])
  return events.flatMap((event): UniquenessChange[] =>
    event.type === 'UserSignedUp'
      ? [
          claim(
            event.data.email,
            event.data.userId,
            `an account with email '${event.data.email}' already exists; log in, or reset its password if you forgot it`,
          ),
        ]
      : [],
  )
}

export const userDefinitions = [
  userSignUp,
  userPasswordChange,
  userPasswordResetRequest,
  userPasswordResetComplete,
] as const
