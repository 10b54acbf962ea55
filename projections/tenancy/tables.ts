import { sql, type Selectable } from 'kysely'
import { column, table, type DatabaseOf, type RowOf } from '../shared/table.js'

/** Organizations, platform-wide. */
export const ORGANIZATIONS_TABLE = table(
  'organizations',
  { id: column.uuid(), name: column.text(), created_at: column.timestamptz() },
  { primaryKey: ['id'] },
)

/** Stores of every organization, with their configuration. */
export const STORES_TABLE = table(
  'stores',
  {
    id: column.uuid(),
    organization_id: column.uuid(),
    /** Equal to `id`: every read-model row names its store, which the rebuild contract relies on. */
    store_id: column.uuid(),
    slug: column.text(),
    name: column.text(),
    default_locale: column.text(),
    currency: column.text(),
    commerce_enabled: column.boolean().default(false),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
    /** Store configuration (projections/tenancy/store-changes.ts). */
    status: column.text<'ACTIVE' | 'ARCHIVED'>().default('ACTIVE'),
    archived_at: column.timestamptz().nullable(),
    /** null until the locales first change: the default locale alone. */
    enabled_locales: column.textArray().nullable(),
    timezone: column.text().default('UTC'),
    weight_unit: column.text().default('KG'),
    contact_email: column.text().default(''),
    address: column.jsonb<Record<string, string>>().nullable(),
    social_links: column.jsonb<Record<string, string>>().default(sql`'{}'::jsonb`),
    seo: column.jsonb<{ title: string; description: string }>().default(sql`'{"title":"","description":""}'::jsonb`),
    commerce_toggled_at: column.timestamptz().nullable(),
  },
  {
    primaryKey: ['id'],
    // Unique although reservations already guarantee it: a duplicate would mean a bug, and the
    // projection should stop on it rather than serve two stores under one host name.
    uniqueIndexes: { stores_slug: ['slug'] },
    indexes: { stores_organization: ['organization_id', 'created_at'] },
  },
)

/** API keys of every organization, revoked ones included; their secrets live in `api_key_secrets`. */
export const API_KEYS_TABLE = table(
  'api_keys',
  {
    id: column.uuid(),
    organization_id: column.uuid(),
    /** Always null: a key belongs to its organization; the stores it reaches are `store_ids`. */
    store_id: column.uuid().nullable(),
    public_id: column.text(),
    last4: column.text(),
    name: column.text(),
    scopes: column.textArray(),
    /** null = every store of the organization. */
    store_ids: column.ofType<string[]>(sql`uuid[]`).nullable(),
    expires_at: column.timestamptz().nullable(),
    revoked_at: column.timestamptz().nullable(),
    created_at: column.timestamptz(),
    /** `{type, id, name}` of who created the key (null for keys projected before it was recorded). */
    created_by: column.jsonb<unknown>().nullable(),
    /** When the secret was last rotated; null = never. */
    rotated_at: column.timestamptz().nullable(),
  },
  {
    primaryKey: ['id'],
    uniqueIndexes: { api_keys_public_id: ['public_id'] },
    indexes: { api_keys_organization: ['organization_id', 'created_at'] },
  },
)

export type OrganizationsTable = RowOf<typeof ORGANIZATIONS_TABLE>
export type StoresTable = RowOf<typeof STORES_TABLE>
export type ApiKeysTable = RowOf<typeof API_KEYS_TABLE>
export type TenancyTables = DatabaseOf<typeof ORGANIZATIONS_TABLE | typeof STORES_TABLE | typeof API_KEYS_TABLE>

export type OrganizationRow = Selectable<OrganizationsTable>
export type StoreRow = Selectable<StoresTable>
export type ApiKeyRow = Selectable<ApiKeysTable>
