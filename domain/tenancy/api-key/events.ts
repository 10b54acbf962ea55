import type { DomainEvent } from '../../shared/event.js'
import type { Scope } from '../../shared/scopes.js'

/**
 * The public facts of a key. The secret and its hash never enter an event (events are
 * forever): they live in the mutable `api_key_secrets` table.
 */
export type ApiKeyCreated = DomainEvent<
  'ApiKeyCreated',
  {
    keyId: string
    organizationId: string
    name: string
    /** The `wmk_<publicId>_…` part that identifies the key in listings and lookups. */
    publicId: string
    /** The key's last four characters, so people can tell their keys apart. */
    last4: string
    scopes: Scope[]
    /** The stores the key may reach; null = every store of the organization, present and future. */
    storeIds: string[] | null
    /** ISO-8601 UTC; null = never expires. */
    expiresAt: string | null
  }
>

export type ApiKeyRevoked = DomainEvent<'ApiKeyRevoked', { keyId: string }>

/**
 * A new secret was issued for the key: listings show its public id and last four from now on.
 * The previous secrets keep working until `previousSecretsExpireAt`, so integrations can switch
 * over without downtime.
 */
export type ApiKeyRotated = DomainEvent<
  'ApiKeyRotated',
  { keyId: string; publicId: string; last4: string; previousSecretsExpireAt: string }
>

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked | ApiKeyRotated
