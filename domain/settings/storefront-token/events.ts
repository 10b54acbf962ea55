import type { DomainEvent } from '../../shared/event.js'

/**
 * A public storefront token was issued. The token itself never enters the log: only its SHA-256,
 * by which requests are matched, and its last four characters, by which people tell tokens apart.
 */
export type StorefrontTokenCreated = DomainEvent<
  'StorefrontTokenCreated',
  { tokenId: string; storeId: string; name: string; tokenHash: string; last4: string }
>

/** The token is refused from now on; revocation is final. */
export type StorefrontTokenRevoked = DomainEvent<'StorefrontTokenRevoked', { tokenId: string }>

export type StorefrontTokenEvent = StorefrontTokenCreated | StorefrontTokenRevoked

export const STOREFRONT_TOKEN_EVENT_TYPES: readonly StorefrontTokenEvent['type'][] = [
  'StorefrontTokenCreated',
  'StorefrontTokenRevoked',
]
