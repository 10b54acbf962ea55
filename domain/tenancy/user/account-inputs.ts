import { z } from 'zod'
import { ORGANIZATION_NAME_MAX_LENGTH } from '../organization/commands.js'
import { email, password } from './commands.js'

/*
 * What people type into the admin UI's account forms. Passwords and tokens pass through these
 * schemas to the account service and never reach a command or an event.
 */

export const signUpInput = z.strictObject({
  email,
  password,
  organizationName: z
    .string({ error: 'organizationName is required: the name of the organization you are creating' })
    .trim()
    .min(1, 'organizationName must not be empty: name the organization you are creating')
    .max(ORGANIZATION_NAME_MAX_LENGTH, `organizationName must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`),
})
export type SignUpInput = z.infer<typeof signUpInput>

export const loginInput = z.strictObject({
  email,
  // Any non-empty text: a login never tells which rule a wrong password breaks.
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(1000, 'password is too long'),
  organizationId: z.uuid('organizationId must be the id of one of your organizations').nullish(),
})
export type LoginInput = z.infer<typeof loginInput>

export const passwordChangeInput = z.strictObject({
  currentPassword: z
    .string({ error: 'currentPassword is required' })
    .min(1, 'currentPassword is required')
    .max(1000, 'currentPassword is too long'),
  newPassword: password,
})
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>

export const passwordResetRequestInput = z.strictObject({ email })

export const passwordResetCompleteInput = z.strictObject({
  token: z
    .string({ error: 'token is required: the code from the password reset email' })
    .trim()
    .min(1, 'token is required: the code from the password reset email')
    .max(1000, 'token is too long: send the code from the password reset email'),
  newPassword: password,
})
export type PasswordResetCompleteInput = z.infer<typeof passwordResetCompleteInput>
