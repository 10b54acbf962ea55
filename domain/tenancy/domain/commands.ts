import { z } from 'zod'
import { strictInput } from '../../shared/strict-input.js'
import { normalizeHostname } from './hostname.js'

export const DOMAIN_STATUSES = ['PENDING', 'VERIFIED', 'FAILED'] as const
/** PENDING: added, never checked. VERIFIED: the TXT record was found. FAILED: the last check did not find it. */
export type DomainStatus = (typeof DOMAIN_STATUSES)[number]

const domainId = z
  .uuid({
    error: (issue) =>
      issue.input === undefined ? 'id is required' : 'id must be a domain id (a UUID) as storeDomainAdd returned it',
  })
  .overwrite((id) => id.toLowerCase())

export const storeDomainAddInput = strictInput('storeDomainAdd', {
  hostname: z
    .string({ error: 'hostname is required: the domain to serve the store on, e.g. shop.example.com' })
    .transform((text, refinement) => {
      const result = normalizeHostname(text)
      if ('hostname' in result) return result.hostname
      refinement.addIssue({ code: 'custom', message: result.problem })
      return z.NEVER
    }),
})

export const storeDomainIdInput = (command: string) => strictInput(command, { id: domainId })

/**
 * What the storeDomainVerify service found in DNS for the domain's verification record: the TXT
 * values, or the error the resolver gave. Not a client's input: the service looks it up, so it
 * cannot be forged.
 */
export const storeDomainVerificationRecordInput = z.strictObject({
  id: domainId,
  lookup: z.union([z.strictObject({ records: z.array(z.string()) }), z.strictObject({ error: z.string() })]),
})

export type DnsLookup = z.output<typeof storeDomainVerificationRecordInput>['lookup']

export type StoreDomainAdd = {
  type: 'StoreDomainAdd'
  data: { storeId: string; domainId: string; hostname: string; verificationToken: string }
}
export type StoreDomainVerify = {
  type: 'StoreDomainVerify'
  data: { storeId: string; domainId: string; lookup: DnsLookup }
}
export type StoreDomainSetPrimary = { type: 'StoreDomainSetPrimary'; data: { storeId: string; domainId: string } }
export type StoreDomainRemove = { type: 'StoreDomainRemove'; data: { storeId: string; domainId: string } }

export type StoreDomainCommand = StoreDomainAdd | StoreDomainVerify | StoreDomainSetPrimary | StoreDomainRemove
