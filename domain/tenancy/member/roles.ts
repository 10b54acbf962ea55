import { ALL_SCOPES, type Scope } from '../../shared/scopes.js'

export const MEMBER_ROLES = ['OWNER', 'ADMIN', 'STAFF'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/**
 * STAFF works on the catalog, the web store and orders (a shop assistant handles orders);
 * settings, keys and members are for OWNER and ADMIN.
 */
const STAFF_SCOPES: readonly Scope[] = ['products:write', 'webstore:write', 'orders:write']

/** What a signed-in member may do, as scopes, so every scope check serves keys and people alike. */
export function scopesOfRole(role: MemberRole): Scope[] {
  return role === 'STAFF' ? [...STAFF_SCOPES] : [...ALL_SCOPES]
}

/** OWNER and ADMIN manage the organization: its members, API keys and settings. */
export function managesOrganization(role: MemberRole): boolean {
  return role === 'OWNER' || role === 'ADMIN'
}
