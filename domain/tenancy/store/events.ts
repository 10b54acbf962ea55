import type { DomainEvent } from '../../shared/event.js'

export type StoreCreated = DomainEvent<
  'StoreCreated',
  { storeId: string; organizationId: string; name: string; slug: string; defaultLocale: string; currency: string }
>

export type StoreEvent = StoreCreated
