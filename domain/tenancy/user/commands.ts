import { z } from 'zod'

export const EMAIL_MAX_LENGTH = 254
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 200

/** Email addresses are compared lowercased and trimmed: `Ann@Example.com ` and `ann@example.com` are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export const email = z
  .string({ error: (issue) => (issue.input === undefined ? 'email is required' : 'email must be a string') })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('email must be an email address, e.g. ann@example.com'))

/** Length is what makes a password strong; composition rules only make people write them down. */
export const password = z
  .string({ error: (issue) => (issue.input === undefined ? 'password is required' : 'password must be a string') })
  .min(
    PASSWORD_MIN_LENGTH,
    `the password must be at least ${PASSWORD_MIN_LENGTH} characters; a few words make a good one`,
  )
  .max(PASSWORD_MAX_LENGTH, `the password must be at most ${PASSWORD_MAX_LENGTH} characters`)

/** The input the account service sends once it has chosen the id and stored the password hash: never the password. */
export const userSignUpInput = z.strictObject({
  userId: z.uuid('userId must be a UUID'),
  email,
})
export type UserSignUpInput = z.infer<typeof userSignUpInput>

/** Password commands act on the signed-in person (the actor); they carry no field a caller could point elsewhere. */
export const userPasswordCommandInput = z.strictObject({})

export type UserSignUp = { type: 'UserSignUp'; data: { userId: string; email: string } }
export type UserPasswordChange = { type: 'UserPasswordChange'; data: { userId: string } }
export type UserPasswordResetRequest = { type: 'UserPasswordResetRequest'; data: { userId: string } }
export type UserPasswordResetComplete = { type: 'UserPasswordResetComplete'; data: { userId: string } }

export type UserCommand = UserSignUp | UserPasswordChange | UserPasswordResetRequest | UserPasswordResetComplete
