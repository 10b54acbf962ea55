import { defineService, type AnyServiceDefinition } from '../../shared/service.js'
import { storeDomainIdInput } from './commands.js'
import { DOMAIN_CATEGORY } from './streams.js'

/**
 * A service, not a command: checking needs a DNS lookup, which is I/O outside the domain. The
 * service in app/ looks the record up and records the outcome with storeDomainVerificationRecord.
 */
export const storeDomainVerify = defineService({
  name: 'storeDomainVerify',
  tool: 'verify_store_domain',
  description:
    "Checks a domain's TXT record _emporium.<domain> for its token and records the outcome: VERIFIED, or FAILED with a reason " +
    'naming the record to add and what DNS answered.',
  resource: DOMAIN_CATEGORY,
  scope: 'settings:write',
  storeScoped: true,
  transports: ['graphql'],
  annotations: { destructive: false, idempotent: true },
  input: storeDomainIdInput('storeDomainVerify'),
})

export const domainServiceDefinitions: readonly AnyServiceDefinition[] = [storeDomainVerify]
