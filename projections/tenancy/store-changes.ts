import type { Kysely } from 'kysely'
import type { OrganizationRenamed } from '../../domain/tenancy/organization/events.js'
import type { StoreEvent } from '../../domain/tenancy/store/events.js'
import type { RecordedEvent } from '../../infra/eventstore/port.js'
import type { StoresTable, TenancyTables } from './tables.js'

/** The event types besides `StoreCreated` that change `stores` and `organizations`. */
export const STORE_CHANGE_EVENT_TYPES = [
  'OrganizationRenamed',
  'StoreRenamed',
  'StoreLocalesChanged',
  'StoreCurrencyChanged',
  'StoreTimezoneChanged',
  'StoreWeightUnitChanged',
  'StoreContactEmailChanged',
  'StoreAddressChanged',
  'StoreSocialLinksChanged',
  'StoreSeoChanged',
  'StoreArchived',
  'StoreRestored',
  'StoreCommerceToggled',
] as const

type StoreChange = Exclude<StoreEvent, { type: 'StoreCreated' }>
type Changes = Partial<{ [Column in keyof StoresTable]: unknown }>

/**
 * Applies an organization rename or a store change after creation; false for any other event.
 * Kept beside the tenancy projection so store configuration has one home.
 */
export async function applyStoreChange(event: RecordedEvent, trx: Kysely<TenancyTables>): Promise<boolean> {
  const at = new Date(event.metadata.occurredAt)
  if (event.type === 'OrganizationRenamed') {
    const data = event.data as OrganizationRenamed['data']
    await trx.updateTable('organizations').set({ name: data.name }).where('id', '=', data.organizationId).execute()
    return true
  }
  if (!(STORE_CHANGE_EVENT_TYPES as readonly string[]).includes(event.type)) return false
  const change = { type: event.type, data: event.data } as StoreChange
  await trx
    .updateTable('stores')
    .set({ ...(columnsOf(change, at) as object), updated_at: at })
    .where('id', '=', change.data.storeId)
    .execute()
  return true
}

function columnsOf(event: StoreChange, at: Date): Changes {
  switch (event.type) {
    case 'StoreRenamed':
      return { name: event.data.name }
    case 'StoreLocalesChanged':
      return { default_locale: event.data.defaultLocale, enabled_locales: event.data.enabledLocales }
    case 'StoreCurrencyChanged':
      return { currency: event.data.to }
    case 'StoreTimezoneChanged':
      return { timezone: event.data.timezone }
    case 'StoreWeightUnitChanged':
      return { weight_unit: event.data.weightUnit }
    case 'StoreContactEmailChanged':
      return { contact_email: event.data.contactEmail }
    case 'StoreAddressChanged':
      return { address: JSON.stringify(event.data.address) }
    case 'StoreSocialLinksChanged':
      return { social_links: JSON.stringify(event.data.socialLinks) }
    case 'StoreSeoChanged':
      return { seo: JSON.stringify(event.data.seo) }
    case 'StoreArchived':
      return { status: 'ARCHIVED', archived_at: at }
    case 'StoreRestored':
      return { status: 'ACTIVE', archived_at: null }
    case 'StoreCommerceToggled':
      return { commerce_enabled: event.data.enabled, commerce_toggled_at: at }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
