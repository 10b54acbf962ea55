import { payloadType, mutationFields } from '../../shared/payloads.js'

export const accountTypeDefs = /* GraphQL */ `
  "OWNER: everything, including ownership. ADMIN: everything but ownership. STAFF: catalog and web store only (no settings, keys or members)."
  enum MemberRole {
    OWNER
    ADMIN
    STAFF
  }

  "A person who signs in to the admin UI. People are platform-wide: one account may belong to several organizations."
  type User {
    id: ID!
    "The sign-in email, lowercased."
    email: String!
    createdAt: DateTime!
    "When the password was last changed or reset; null if never."
    passwordChangedAt: DateTime
  }

  extend type Viewer {
    "The signed-in person; null for API keys."
    user: User
    "The signed-in person's role in the organization; null for API keys."
    role: MemberRole
  }

  input SignUpInput {
    "Your sign-in email; one account per email across the platform."
    email: String!
    "At least 10 characters."
    password: String!
    "The organization you create and own."
    organizationName: String!
  }

  "A new session: the session cookie is set on the response."
  type SignUpPayload {
    user: User!
    organization: Organization!
    role: MemberRole!
    "When the session ends at the latest (it also ends after 2 hours unused)."
    sessionExpiresAt: DateTime!
    eventPosition: String
  }

  input LoginInput {
    email: String!
    password: String!
    "Which of your organizations to sign in to; required when you belong to several."
    organizationId: ID
  }

  type LoginPayload {
    user: User!
    organization: Organization!
    role: MemberRole!
    sessionExpiresAt: DateTime!
    "Always null: a login records no event."
    eventPosition: String
  }

  input LogoutInput {
    "End every session of yours, on every device, not only this one."
    everywhere: Boolean
  }

  type LogoutPayload {
    "True: the session (if any) is over and the cookie cleared."
    loggedOut: Boolean!
  }

  input PasswordChangeInput {
    currentPassword: String!
    "At least 10 characters."
    newPassword: String!
  }

  ${payloadType('PasswordChange', 'user: User!', {
    type: 'The password changed; your other sessions ended, this one goes on.',
  })}

  input PasswordResetRequestInput {
    email: String!
  }

  type PasswordResetRequestPayload {
    "Always true, whether or not the email has an account: the answer does not tell who has one. If it has, a code is mailed, valid for an hour."
    requested: Boolean!
  }

  input PasswordResetCompleteInput {
    "The code from the reset email."
    token: String!
    "At least 10 characters."
    newPassword: String!
  }

  type PasswordResetCompletePayload {
    "True: the new password works; every session of the account ended, so log in again."
    completed: Boolean!
  }

  extend type Mutation {
    ${mutationFields({
      signUp: 'Creates your account, your organization (you are its OWNER) and a session. Needs no credential.',
      login:
        'Starts a session (a fresh cookie; the one sent, if any, ends). At most 5 attempts a minute per email and address. Needs no credential.',
      passwordChange: 'Changes your password. Signed-in people only.',
      passwordResetRequest: 'Mails a password reset code if the email has an account. Needs no credential.',
      passwordResetComplete: 'Sets a new password with the mailed code. Needs no credential.',
    })}
    "Ends the session and clears the cookie. Needs no credential (an expired session logs out too)."
    logout(input: LogoutInput): LogoutPayload!
  }
`
