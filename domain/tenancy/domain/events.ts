import { eventTypes, type DomainEvent } from '../../shared/event.js'

/** The token is no secret: it is published in DNS. It only proves that the store's owner controls the domain. */
export type StoreDomainAdded = DomainEvent<
  'StoreDomainAdded',
  { storeId: string; domainId: string; hostname: string; verificationToken: string }
>
export type StoreDomainVerified = DomainEvent<
  'StoreDomainVerified',
  { storeId: string; domainId: string; hostname: string }
>
/** `reason` says which TXT record to add and what DNS answered; `found` lists the TXT values seen. */
export type StoreDomainVerificationFailed = DomainEvent<
  'StoreDomainVerificationFailed',
  { storeId: string; domainId: string; hostname: string; reason: string; found: string[] }
>
/** `previousDomainId` lost the primary role in the same change. */
export type StoreDomainMadePrimary = DomainEvent<
  'StoreDomainMadePrimary',
  { storeId: string; domainId: string; hostname: string; previousDomainId: string | null }
>
/** Carries the hostname so its reservation can be released without reading the stream again. */
export type StoreDomainRemoved = DomainEvent<
  'StoreDomainRemoved',
  { storeId: string; domainId: string; hostname: string; wasPrimary: boolean }
>

export type StoreDomainEvent =
  StoreDomainAdded | StoreDomainVerified | StoreDomainVerificationFailed | StoreDomainMadePrimary | StoreDomainRemoved

export const STORE_DOMAIN_EVENT_TYPES = eventTypes<StoreDomainEvent>({
  StoreDomainAdded: true,
  StoreDomainVerified: true,
  StoreDomainVerificationFailed: true,
  StoreDomainMadePrimary: true,
  StoreDomainRemoved: true,
})
