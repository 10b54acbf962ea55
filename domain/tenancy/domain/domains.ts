import type { DomainStatus } from './commands.js'
import type { StoreDomainEvent } from './events.js'

export interface StoreDomain {
  domainId: string
  hostname: string
  verificationToken: string
  status: DomainStatus
  primary: boolean
}

/** A store's custom domains, in the order they were added; removed ones are gone. */
export interface StoreDomains {
  domains: StoreDomain[]
}

export const initialDomains = (): StoreDomains => ({ domains: [] })

export function evolveDomains(state: StoreDomains, event: StoreDomainEvent): StoreDomains {
  const change = (domainId: string, update: (domain: StoreDomain) => StoreDomain): StoreDomains => ({
    domains: state.domains.map((domain) => (domain.domainId === domainId ? update(domain) : domain)),
  })
  switch (event.type) {
    case 'StoreDomainAdded': {
      const { domainId, hostname, verificationToken } = event.data
      return {
        domains: [...state.domains, { domainId, hostname, verificationToken, status: 'PENDING', primary: false }],
      }
    }
    case 'StoreDomainVerified':
      return change(event.data.domainId, (domain) => ({ ...domain, status: 'VERIFIED' }))
    case 'StoreDomainVerificationFailed':
      return change(event.data.domainId, (domain) => ({ ...domain, status: 'FAILED' }))
    case 'StoreDomainMadePrimary':
      return {
        domains: state.domains.map((domain) => ({ ...domain, primary: domain.domainId === event.data.domainId })),
      }
    case 'StoreDomainRemoved':
      return { domains: state.domains.filter((domain) => domain.domainId !== event.data.domainId) }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
