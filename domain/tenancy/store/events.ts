import { eventTypes, type DomainEvent, type ValueChanged } from '../../shared/event.js'
import type { SocialLinks, StoreAddress, StoreSeo, WeightUnit } from './config.js'

/** A new store starts in its default locale and currency; the rest of its configuration has defaults (see `store.ts`). */
export type StoreCreated = DomainEvent<
  'StoreCreated',
  { storeId: string; organizationId: string; name: string; slug: string; defaultLocale: string; currency: string }
>
export type StoreRenamed = DomainEvent<'StoreRenamed', { storeId: string; name: string }>
/** Carries both: the default must always be one of the enabled locales. */
export type StoreLocalesChanged = DomainEvent<
  'StoreLocalesChanged',
  { storeId: string; defaultLocale: string; enabledLocales: string[] }
>
export type StoreCurrencyChanged = ValueChanged<'StoreCurrencyChanged', { storeId: string }>
export type StoreTimezoneChanged = DomainEvent<'StoreTimezoneChanged', { storeId: string; timezone: string }>
export type StoreWeightUnitChanged = DomainEvent<'StoreWeightUnitChanged', { storeId: string; weightUnit: WeightUnit }>
/** An empty address means none is on file. */
export type StoreContactEmailChanged = DomainEvent<
  'StoreContactEmailChanged',
  { storeId: string; contactEmail: string }
>
export type StoreAddressChanged = DomainEvent<'StoreAddressChanged', { storeId: string; address: StoreAddress }>
/** The whole new set of links, so a reader needs no history. */
export type StoreSocialLinksChanged = DomainEvent<
  'StoreSocialLinksChanged',
  { storeId: string; socialLinks: SocialLinks }
>
export type StoreSeoChanged = DomainEvent<'StoreSeoChanged', { storeId: string; seo: StoreSeo }>
export type StoreArchived = DomainEvent<'StoreArchived', { storeId: string }>
export type StoreRestored = DomainEvent<'StoreRestored', { storeId: string }>
/** Off: a catalog-only showroom without prices or buying. */
export type StoreCommerceToggled = DomainEvent<'StoreCommerceToggled', { storeId: string; enabled: boolean }>

export type StoreConfigEvent =
  | StoreRenamed
  | StoreLocalesChanged
  | StoreCurrencyChanged
  | StoreTimezoneChanged
  | StoreWeightUnitChanged
  | StoreContactEmailChanged
  | StoreAddressChanged
  | StoreSocialLinksChanged
  | StoreSeoChanged

export type StoreEvent = StoreCreated | StoreConfigEvent | StoreArchived | StoreRestored | StoreCommerceToggled

/** Every store event type, for the tenancy projection's subscription. */
export const STORE_EVENT_TYPES = eventTypes<StoreEvent>({
  StoreCreated: true,
  StoreRenamed: true,
  StoreLocalesChanged: true,
  StoreCurrencyChanged: true,
  StoreTimezoneChanged: true,
  StoreWeightUnitChanged: true,
  StoreContactEmailChanged: true,
  StoreAddressChanged: true,
  StoreSocialLinksChanged: true,
  StoreSeoChanged: true,
  StoreArchived: true,
  StoreRestored: true,
  StoreCommerceToggled: true,
})
