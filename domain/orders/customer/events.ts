import type { DomainEvent } from '../../shared/event.js'

/** The customer asked to be forgotten: their personal data rows are deleted; the event names only the pseudonymous id. */
export type CustomerErased = DomainEvent<'CustomerErased', { customerId: string }>

export type CustomerEvent = CustomerErased

export const CUSTOMER_EVENT_TYPES: CustomerEvent['type'][] = ['CustomerErased']
