import type { ColumnType, Generated, Selectable } from 'kysely'
import type { Timestamp } from '../shared/table.js'

export interface OrganizationsTable {
  id: string
  name: string
  created_at: Timestamp
}

export interface StoresTable {
  id: string
  organization_id: string
  /** Equal to `id`: every read-model row names its store, which the rebuild contract relies on. */
  store_id: string
  slug: string
  name: string
  default_locale: string
  currency: string
  commerce_enabled: Generated<boolean>
  created_at: Timestamp
  updated_at: Timestamp
  /** Store configuration (projections/tenancy/store-changes.ts). */
  status: Generated<'ACTIVE' | 'ARCHIVED'>
  archived_at: Timestamp | null
  /** null until the locales first change: the default locale alone. */
  enabled_locales: string[] | null
  timezone: Generated<string>
  weight_unit: Generated<string>
  contact_email: Generated<string>
  address: ColumnType<Record<string, string> | null, string | null, string | null>
  social_links: ColumnType<Record<string, string>, string | undefined, string>
  seo: ColumnType<{ title: string; description: string }, string | undefined, string>
  commerce_toggled_at: Timestamp | null
}

export interface ApiKeysTable {
  id: string
  organization_id: string
  /** Always null: a key belongs to its organization; the stores it reaches are `store_ids`. */
  store_id: string | null
  public_id: string
  last4: string
  name: string
  scopes: string[]
  /** null = every store of the organization. */
  store_ids: string[] | null
  expires_at: Timestamp | null
  revoked_at: Timestamp | null
  created_at: Timestamp
  /** `{type, id, name}` of who created the key (null for keys projected before it was recorded). */
  created_by: ColumnType<unknown, string | null | undefined, string | null>
  /** When the secret was last rotated; null = never. */
  rotated_at: Timestamp | null
}

export interface TenancyTables {
  organizations: OrganizationsTable
  stores: StoresTable
  api_keys: ApiKeysTable
}

export type OrganizationRow = Selectable<OrganizationsTable>
export type StoreRow = Selectable<StoresTable>
export type ApiKeyRow = Selectable<ApiKeysTable>
