import { describe, expect, it } from 'vitest'
import type { PrepareEnv } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { loginInput, passwordResetCompleteInput, signUpInput } from './account-inputs.js'
import { userSignUpInput, type UserCommand } from './commands.js'
import { userDecider } from './decide.js'
import { userPasswordChange, userPasswordResetComplete, userPasswordResetRequest, userSignUp } from './definitions.js'
import type { UserEvent } from './events.js'
import { prepareEnv } from '../../../test/support/decide-context.js'

const userId = '0190a0b0-0000-7000-8000-0000000000b1'
const organizationId = '0190a0b0-0000-7000-8000-000000000001'
const ctx: DecideContext = {
  now: new Date('2026-11-21T10:00:00Z'),
  actor: { type: 'user', id: userId, name: 'ann@example.com' },
  organizationId,
  storeId: null,
}
const spec = deciderSpec(userDecider, ctx)
const env = (context: DecideContext = ctx): PrepareEnv => prepareEnv({ ctx: context })

const signedUp: UserEvent = { type: 'UserSignedUp', data: { userId, email: 'ann@example.com' } }
const resetRequested: UserEvent = { type: 'UserPasswordResetRequested', data: { userId } }
const command = (type: UserCommand['type']): UserCommand =>
  type === 'UserSignUp' ? { type, data: { userId, email: 'ann@example.com' } } : { type, data: { userId } }

describe('userSignUp', () => {
  it('records the person with their email, never a password', () => {
    spec.given([]).when(command('UserSignUp')).then([signedUp])
    expect(Object.keys(signedUp.data).sort()).toEqual(['email', 'userId'])
  })

  it('refuses a user id that exists', () => {
    spec.given([signedUp]).when(command('UserSignUp')).thenFails({ code: 'CONFLICT', message: 'already exists' })
  })

  it('claims the email platform-wide, so a second account with it is a CONFLICT on input.email', async () => {
    const prepared = await userSignUp.prepare(userSignUpInput.parse({ userId, email: 'Ann@Example.com' }), env())
    expect(prepared).toEqual({ stream: `user-${userId}_${userId}`, command: command('UserSignUp'), entityId: userId })
    expect(userSignUp.uniqueness!([signedUp], userDecider.initialState(), ctx)).toEqual([
      expect.objectContaining({
        kind: 'claim',
        scope: 'platform',
        key: 'user-email:ann@example.com',
        ownerId: userId,
        field: ['input', 'email'],
      }),
    ])
  })

  it('is offered to GraphQL and the CLI, never to MCP', () => {
    for (const definition of [userSignUp, userPasswordChange, userPasswordResetRequest, userPasswordResetComplete]) {
      expect(definition.transports).toEqual([])
    }
  })
})

describe('userPasswordChange', () => {
  it('records the change without the hash', () => {
    spec
      .given([signedUp])
      .when(command('UserPasswordChange'))
      .then([{ type: 'UserPasswordChanged', data: { userId } }])
  })

  it('answers NOT_FOUND for a user that does not exist', () => {
    spec.given([]).when(command('UserPasswordChange')).thenFails({ code: 'NOT_FOUND' })
  })

  it('acts on the signed-in person only; keys are refused', async () => {
    expect((await userPasswordChange.prepare({}, env())).stream).toBe(`user-${userId}_${userId}`)
    const keyCtx: DecideContext = { ...ctx, actor: { type: 'api_key', id: 'k', name: 'key' } }
    expect(() => userPasswordChange.prepare({}, env(keyCtx))).toThrow('only a signed-in person')
  })
})

describe('password reset', () => {
  it('records a request, then its completion', () => {
    spec.given([signedUp]).when(command('UserPasswordResetRequest')).then([resetRequested])
    spec
      .given([signedUp, resetRequested])
      .when(command('UserPasswordResetComplete'))
      .then([{ type: 'UserPasswordResetCompleted', data: { userId } }])
  })

  it('refuses a completion nobody asked for, or one already completed', () => {
    spec
      .given([signedUp])
      .when(command('UserPasswordResetComplete'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'token'] })
    const completed: UserEvent = { type: 'UserPasswordResetCompleted', data: { userId } }
    spec
      .given([signedUp, resetRequested, completed])
      .when(command('UserPasswordResetComplete'))
      .thenFails({ code: 'BAD_USER_INPUT' })
  })

  it('answers NOT_FOUND for a request on a user that does not exist', () => {
    spec.given([]).when(command('UserPasswordResetRequest')).thenFails({ code: 'NOT_FOUND' })
  })
})

describe('account inputs', () => {
  const issue = (
    schema: { safeParse(value: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
    input: unknown,
  ) => schema.safeParse(input).error?.issues[0]

  it('lowercases and trims emails', () => {
    expect(
      signUpInput.parse({ email: ' Ann@Example.COM ', password: 'long enough password', organizationName: ' Shop ' }),
    ).toEqual({
      email: 'ann@example.com',
      password: 'long enough password',
      organizationName: 'Shop',
    })
  })

  it('asks for passwords of at least 10 characters, and takes any on login', () => {
    expect(issue(signUpInput, { email: 'a@b.co', password: 'short', organizationName: 'x' })).toMatchObject({
      path: ['password'],
      message: expect.stringContaining('at least 10'),
    })
    expect(loginInput.parse({ email: 'a@b.co', password: 'short' }).password).toBe('short')
    expect(issue(passwordResetCompleteInput, { token: ' ', newPassword: 'long enough password' })).toMatchObject({
      path: ['token'],
    })
  })

  it('rejects fields it does not know, so nothing slips through', () => {
    expect(
      issue(signUpInput, { email: 'a@b.co', password: 'long enough password', organizationName: 'x', role: 'OWNER' })
        ?.path,
    ).toEqual([])
  })
})
