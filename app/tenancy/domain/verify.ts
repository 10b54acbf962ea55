import { storeDomainVerificationRecord } from '../../../domain/tenancy/domain/definitions.js'
import { storeDomainVerify } from '../../../domain/tenancy/domain/service-definitions.js'
import { mutate } from '../../caller.js'
import { defineServiceRun } from '../../commands/services.js'
import { lookupVerificationTxt, readStoreDomain } from './reads.js'

/**
 * Looks the domain's verification record up in DNS and records what it found, so the outcome
 * rests on what DNS answered, never on what a client says it answered.
 */
export const storeDomainVerifyService = defineServiceRun<
  { id: string },
  { entityId: string; eventPosition: string | null }
>({
  definition: storeDomainVerify,
  async run(input, { caller }) {
    const domain = await readStoreDomain(caller, input.id)
    const lookup = await lookupVerificationTxt(caller, domain.hostname)
    return mutate(caller, storeDomainVerificationRecord, { id: domain.id, lookup })
  },
})
