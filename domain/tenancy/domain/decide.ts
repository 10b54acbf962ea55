import { DomainError, badInput, conflict } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type {
  StoreDomainAdd,
  StoreDomainCommand,
  StoreDomainRemove,
  StoreDomainSetPrimary,
  StoreDomainVerify,
} from './commands.js'
import { evolveDomains, initialDomains, type StoreDomain, type StoreDomains } from './domains.js'
import type { StoreDomainEvent } from './events.js'
import { verificationRecordName } from './hostname.js'

/** Enough for a brand, its country versions and a few old names. */
export const MAX_DOMAINS_PER_STORE = 20

export function decideDomains(command: StoreDomainCommand, state: StoreDomains): StoreDomainEvent[] {
  switch (command.type) {
    case 'StoreDomainAdd':
      return add(command, state)
    case 'StoreDomainVerify':
      return verify(command, state)
    case 'StoreDomainSetPrimary':
      return setPrimary(command, state)
    case 'StoreDomainRemove':
      return remove(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function add(command: StoreDomainAdd, state: StoreDomains): StoreDomainEvent[] {
  const { hostname } = command.data
  if (state.domains.some((domain) => domain.hostname === hostname)) {
    throw conflict(`domain '${hostname}' is already added to this store; verify it with storeDomainVerify`, [
      'input',
      'hostname',
    ])
  }
  if (state.domains.length >= MAX_DOMAINS_PER_STORE) {
    throw badInput(
      ['input', 'hostname'],
      `a store may have at most ${MAX_DOMAINS_PER_STORE} domains; remove one with storeDomainRemove first`,
    )
  }
  return [{ type: 'StoreDomainAdded', data: { ...command.data } }]
}

/**
 * VERIFIED stays verified: a later check cannot take a domain (possibly the primary one) away
 * under a store whose DNS is briefly unreachable. Until then every check records its outcome.
 */
function verify(command: StoreDomainVerify, state: StoreDomains): StoreDomainEvent[] {
  const domain = existing(state, command.data.domainId)
  if (domain.status === 'VERIFIED') return []
  const { storeId, lookup } = command.data
  const { domainId, hostname, verificationToken } = domain
  const found = 'records' in lookup ? lookup.records : []
  if (found.includes(verificationToken)) return [{ type: 'StoreDomainVerified', data: { storeId, domainId, hostname } }]
  const record = verificationRecordName(hostname)
  const seen =
    'error' in lookup
      ? `DNS answered: ${lookup.error}`
      : found.length
        ? `found ${found.map((value) => `"${value}"`).join(', ')}`
        : 'found no TXT record there'
  const reason = `add a TXT record named ${record} with the value "${verificationToken}", wait for DNS to publish it and verify again; ${seen}`
  return [{ type: 'StoreDomainVerificationFailed', data: { storeId, domainId, hostname, reason, found: [...found] } }]
}

function setPrimary(command: StoreDomainSetPrimary, state: StoreDomains): StoreDomainEvent[] {
  const domain = existing(state, command.data.domainId)
  if (domain.status !== 'VERIFIED') {
    throw new DomainError(
      'BAD_USER_INPUT',
      `domain '${domain.hostname}' is ${domain.status.toLowerCase()}, not verified; verify it with storeDomainVerify before making it primary`,
      {
        field: ['input', 'id'],
      },
    )
  }
  if (domain.primary) return []
  const previous = state.domains.find((candidate) => candidate.primary)?.domainId ?? null
  return [
    {
      type: 'StoreDomainMadePrimary',
      data: {
        storeId: command.data.storeId,
        domainId: domain.domainId,
        hostname: domain.hostname,
        previousDomainId: previous,
      },
    },
  ]
}

/** Removing the primary domain leaves the store on its platform subdomain until another is made primary. */
function remove(command: StoreDomainRemove, state: StoreDomains): StoreDomainEvent[] {
  const domain = existing(state, command.data.domainId)
  return [
    {
      type: 'StoreDomainRemoved',
      data: {
        storeId: command.data.storeId,
        domainId: domain.domainId,
        hostname: domain.hostname,
        wasPrimary: domain.primary,
      },
    },
  ]
}

/** Another store's domain lives in that store's stream: here it is not found, like one that never existed. */
function existing(state: StoreDomains, domainId: string): StoreDomain {
  const domain = state.domains.find((candidate) => candidate.domainId === domainId)
  if (!domain)
    throw new DomainError('NOT_FOUND', `domain '${domainId}' does not exist in this store`, { field: ['input', 'id'] })
  return domain
}

export const domainDecider: Decider<StoreDomains, StoreDomainCommand, StoreDomainEvent> = {
  initialState: initialDomains,
  evolve: evolveDomains,
  decide: decideDomains,
}
