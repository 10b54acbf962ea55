import type { DomainEvent } from '../../shared/event.js'

export type OrganizationCreated = DomainEvent<'OrganizationCreated', { organizationId: string; name: string }>
export type OrganizationRenamed = DomainEvent<'OrganizationRenamed', { organizationId: string; name: string }>

export type OrganizationEvent = OrganizationCreated | OrganizationRenamed
