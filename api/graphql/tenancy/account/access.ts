import type { GraphQLResolveInfo } from 'graphql'
import type { MercuriusContext } from 'mercurius'
import { DomainError } from '../../../../domain/shared/errors.js'
import { managesOrganization } from '../../../../domain/tenancy/member/roles.js'
import type { UserPrincipal } from '../../../../app/auth/authenticate.js'
import type { RequestMeta } from '../../../../app/auth/accounts.js'
import type { Platform } from '../../../../app/platform.js'
import { newCorrelationId, type RequestContext } from '../../shared/context.js'

/** Account operations may run without a credential: then only the platform is known. */
export type AccountContext = MercuriusContext & { platform: Platform } & Partial<RequestContext>

/**
 * The signed-in OWNER or ADMIN making the request. API keys never manage keys or members, and
 * STAFF works on the catalog and the web store only: both get FORBIDDEN saying so.
 */
export function requireSignedInAdmin(ctx: RequestContext, what: 'API keys' | 'members'): UserPrincipal {
  const principal = ctx.principal
  if (principal.type !== 'user') {
    throw new DomainError(
      'FORBIDDEN',
      `${what} are managed by signed-in admins (OWNER or ADMIN) in the admin UI; an API key can never manage ${what}`,
    )
  }
  if (!managesOrganization(principal.role)) {
    throw new DomainError(
      'FORBIDDEN',
      `managing ${what} needs the OWNER or ADMIN role; you are ${principal.role}, ask an OWNER or ADMIN`,
    )
  }
  return principal
}

/**
 * `resolver` for signed-in admins only: `requireSignedInAdmin` answers anyone else before it runs.
 *
 * @example Query: { members: adminOnly('members', listResolver(listMembers)) }
 */
export function adminOnly<Root, Args, Result>(
  what: 'API keys' | 'members',
  resolver: (root: Root, args: Args, ctx: RequestContext, info: GraphQLResolveInfo) => Result,
) {
  return (root: Root, args: Args, ctx: RequestContext, info: GraphQLResolveInfo): Result => {
    requireSignedInAdmin(ctx, what)
    return resolver(root, args, ctx, info)
  }
}

/** The signed-in person, or UNAUTHENTICATED / FORBIDDEN when the request has no session. */
export function requireSignedIn(ctx: AccountContext): UserPrincipal {
  const principal = ctx.principal
  if (!principal) throw new DomainError('UNAUTHENTICATED', 'you are not signed in; log in first')
  if (principal.type !== 'user')
    throw new DomainError('FORBIDDEN', 'this is for signed-in people; an API key has no password')
  return principal
}

export function requestMeta(ctx: AccountContext): RequestMeta {
  return {
    correlationId: ctx.correlationId ?? newCorrelationId(ctx.reply.request.headers['x-correlation-id']),
    now: new Date(),
  }
}
