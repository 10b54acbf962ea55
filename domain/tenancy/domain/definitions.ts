import { defineCommand, type UniquenessChange } from '../../shared/command.js'
import { storeDomainAddInput, storeDomainIdInput, storeDomainVerificationRecordInput } from './commands.js'
import { domainDecider } from './decide.js'
import type { StoreDomainEvent } from './events.js'
import { DOMAIN_CATEGORY, DOMAIN_UNIQUENESS_SCOPE, domainStream } from './streams.js'
import { reservationChanges } from '../../shared/reservations.js'
import { storeOf } from '../../shared/store-of.js'

const SETTINGS = { resource: DOMAIN_CATEGORY, scope: 'settings:write', storeScoped: true } as const

export const storeDomainAdd = defineCommand({
  name: 'storeDomainAdd',
  tool: 'add_store_domain',
  description:
    'Adds a custom domain (e.g. shop.example.com) to the selected store, in status PENDING with a verification token. Publish the token ' +
    'as a TXT record named _emporium.<domain>, then call storeDomainVerify. A domain serves one store on the whole platform: one ' +
    'taken by another store fails with CONFLICT. IP addresses and subdomains of the platform host are refused.',
  ...SETTINGS,
  transports: ['graphql', 'cli'],
  annotations: { destructive: false, idempotent: false },
  input: storeDomainAddInput,
  prepare(input, env) {
    const storeId = storeOf(env)
    const domainId = env.newId()
    // Two UUIDv7s give 148 random bits; the token only has to be unguessable before it is published.
    const verificationToken = `emporium-verification=${(env.newId() + env.newId()).replaceAll('-', '').slice(-40)}`
    return {
      stream: domainStream(storeId),
      command: {
        type: 'StoreDomainAdd' as const,
        data: { storeId, domainId, hostname: input.hostname, verificationToken },
      },
      entityId: domainId,
    }
  },
  decider: domainDecider,
  uniqueness: hostnameReservations,
})

/**
 * The last step of `storeDomainVerify` (a service: `service-definitions.ts`), which looks the
 * record up in DNS; offered to no transport, so no client can hand in what DNS answered.
 */
export const storeDomainVerificationRecord = defineCommand({
  name: 'storeDomainVerificationRecord',
  tool: 'record_store_domain_verification',
  description:
    "Records the outcome of checking a domain's TXT record _emporium.<domain> for its token: VERIFIED, or FAILED with a reason naming the " +
    'record to add and what DNS answered.',
  ...SETTINGS,
  transports: [],
  annotations: { destructive: false, idempotent: true },
  input: storeDomainVerificationRecordInput,
  prepare(input, env) {
    const storeId = storeOf(env)
    return {
      stream: domainStream(storeId),
      command: { type: 'StoreDomainVerify' as const, data: { storeId, domainId: input.id, lookup: input.lookup } },
      entityId: input.id,
    }
  },
  decider: domainDecider,
})

export const storeDomainSetPrimary = defineCommand({
  name: 'storeDomainSetPrimary',
  tool: 'set_primary_store_domain',
  description:
    'Makes a verified domain the primary one of the selected store (the one its storefront links use); the previous primary stays as an alias.',
  ...SETTINGS,
  transports: ['graphql', 'cli'],
  annotations: { destructive: false, idempotent: true },
  input: storeDomainIdInput('storeDomainSetPrimary'),
  prepare(input, env) {
    const storeId = storeOf(env)
    return {
      stream: domainStream(storeId),
      command: { type: 'StoreDomainSetPrimary' as const, data: { storeId, domainId: input.id } },
      entityId: input.id,
    }
  },
  decider: domainDecider,
})

export const storeDomainRemove = defineCommand({
  name: 'storeDomainRemove',
  tool: 'remove_store_domain',
  description:
    'Removes a domain from the selected store; it stops serving the store and becomes free for any store to add.',
  ...SETTINGS,
  transports: ['graphql', 'cli'],
  annotations: { destructive: true, idempotent: false },
  input: storeDomainIdInput('storeDomainRemove'),
  prepare(input, env) {
    const storeId = storeOf(env)
    return {
      stream: domainStream(storeId),
      command: { type: 'StoreDomainRemove' as const, data: { storeId, domainId: input.id } },
      entityId: input.id,
    }
  },
  decider: domainDecider,
  uniqueness: hostnameReservations,
})

/** An added domain claims its hostname across the platform; a removed one frees it. */
export function hostnameReservations(events: readonly StoreDomainEvent[]): UniquenessChange[] {
  const { claim, release } = reservationChanges(DOMAIN_UNIQUENESS_SCOPE, (hostname) => hostname, ['input', 'hostname'])
  return events.flatMap((event): UniquenessChange[] => {
    if (event.type === 'StoreDomainAdded') {
      const { hostname, domainId } = event.data
      return [
        claim(
          hostname,
          domainId,
          `domain '${hostname}' is already used by another store; remove it there first, or choose another domain`,
        ),
      ]
    }
    if (event.type === 'StoreDomainRemoved') return [release(event.data.hostname, event.data.domainId)]
    return []
  })
}

export const domainDefinitions = [
  storeDomainAdd,
  storeDomainVerificationRecord,
  storeDomainSetPrimary,
  storeDomainRemove,
] as const
