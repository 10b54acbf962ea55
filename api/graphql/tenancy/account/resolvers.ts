import { DomainError } from '../../../../domain/shared/errors.js'
import {
  changePassword,
  completePasswordReset,
  login,
  requestPasswordReset,
  signUp,
  type SignedIn,
} from '../../../../app/auth/accounts.js'
import { deleteSession, deleteUserSessions } from '../../../../app/auth/sessions.js'
import { findMembershipOf, findOrganizationById, findUserById } from '../../../../app/tenancy/member/reads.js'
import { clearedSessionCookie, readSessionToken, sessionCookie } from '../../../../app/auth/session-cookie.js'
import type { GraphQLSlice } from '../../plugin.js'
import type { RequestContext } from '../../shared/context.js'
import { requestMeta, requireSignedIn, type AccountContext } from './access.js'
import { accountTypeDefs } from './schema.js'

/** Sets the session cookie and reads the payload every sign-in answers with. */
export async function signedInPayload(ctx: AccountContext, signedIn: SignedIn) {
  ctx.reply.header('set-cookie', sessionCookie(ctx.reply.request, signedIn.session.token, signedIn.session.expiresAt))
  const [user, organization, membership] = await Promise.all([
    findUserById(ctx, signedIn.userId),
    findOrganizationById(ctx, signedIn.organizationId),
    findMembershipOf(ctx, signedIn.organizationId, signedIn.userId),
  ])
  if (!user || !organization || !membership)
    throw new DomainError('INTERNAL_SERVER_ERROR', 'the account was written but is not readable yet; log in again')
  return {
    user,
    organization,
    role: membership.role,
    sessionExpiresAt: signedIn.session.expiresAt,
    eventPosition: signedIn.position,
  }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Viewer: {
    user: ({ ctx }: { ctx: RequestContext }) =>
      ctx.principal.type === 'user' ? findUserById(ctx, ctx.principal.userId) : null,
    role: ({ ctx }: { ctx: RequestContext }) => (ctx.principal.type === 'user' ? ctx.principal.role : null),
  },
  Mutation: {
    signUp: async (_root, { input }: { input: unknown }, ctx: AccountContext) =>
      signedInPayload(ctx, await signUp(ctx.platform, input, requestMeta(ctx))),
    login: async (_root, { input }: { input: unknown }, ctx: AccountContext) => {
      const client = { ip: ctx.reply.request.ip, previousToken: readSessionToken(ctx.reply.request) }
      return signedInPayload(ctx, await login(ctx.platform, input, client, requestMeta(ctx)))
    },
    logout: async (_root, { input }: { input?: { everywhere?: boolean | null } | null }, ctx: AccountContext) => {
      const db = ctx.platform.database.db
      if (input?.everywhere && ctx.principal?.type === 'user') await deleteUserSessions(db, ctx.principal.userId)
      const token = readSessionToken(ctx.reply.request)
      if (token) await deleteSession(db, token)
      ctx.reply.header('set-cookie', clearedSessionCookie(ctx.reply.request))
      return { loggedOut: true }
    },
    passwordChange: async (_root, { input }: { input: unknown }, ctx: AccountContext) => {
      const principal = requireSignedIn(ctx)
      const eventPosition = await changePassword(ctx.platform, principal, input, requestMeta(ctx))
      return { user: await findUserById(ctx, principal.userId), eventPosition }
    },
    passwordResetRequest: async (_root, { input }: { input: unknown }, ctx: AccountContext) => {
      await requestPasswordReset(ctx.platform, input, requestMeta(ctx))
      return { requested: true }
    },
    passwordResetComplete: async (_root, { input }: { input: unknown }, ctx: AccountContext) => {
      await completePasswordReset(ctx.platform, input, requestMeta(ctx))
      return { completed: true }
    },
  },
}

export const accountSlice: GraphQLSlice = { typeDefs: accountTypeDefs, resolvers }
