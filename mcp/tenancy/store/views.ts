import { z } from 'zod'
import { STORE_CATEGORY } from '../../../domain/tenancy/store/streams.js'
import { findStoreDetails, type StoreDetails } from '../../../projections/tenancy/store-queries.js'
import { isoString } from '../../shared/lists.js'
import type { ResourceView } from '../../shared/view.js'

/** A store with its configuration, as the GraphQL `Store` type has it, times as ISO-8601 strings. */
export const storeSchema = z.object({
  id: z.string(),
  slug: z.string().describe('The storefront subdomain.'),
  name: z.string(),
  status: z.enum(['ACTIVE', 'ARCHIVED']),
  archivedAt: z.string().nullable(),
  defaultLocale: z.string(),
  enabledLocales: z.array(z.string()),
  currency: z.string().describe('ISO 4217.'),
  timezone: z.string().describe('IANA time zone.'),
  weightUnit: z.enum(['KG', 'G', 'LB', 'OZ']),
  contactEmail: z.string().describe('Empty when not set.'),
  address: z
    .object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      province: z.string(),
      postalCode: z.string(),
      countryCode: z.string(),
    })
    .nullable(),
  socialLinks: z
    .record(z.string(), z.string())
    .describe('https links by network; networks without a link are left out.'),
  seo: z.object({ title: z.string(), description: z.string() }),
  commerceEnabled: z.boolean().describe('false: a catalog-only showroom without prices or buying.'),
  commerceToggledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export function storeJson(store: StoreDetails): z.infer<typeof storeSchema> {
  const { organizationId: _organization, ...rest } = store
  return {
    ...rest,
    archivedAt: store.archivedAt ? isoString(store.archivedAt) : null,
    commerceToggledAt: store.commerceToggledAt ? isoString(store.commerceToggledAt) : null,
    createdAt: isoString(store.createdAt),
    updatedAt: isoString(store.updatedAt),
  }
}

export const storeView: ResourceView = {
  resource: STORE_CATEGORY,
  readTool: 'get_store',
  schema: storeSchema,
  async read(session, id) {
    const store = await findStoreDetails(
      session.platform.database.db,
      { organizationId: session.principal.organizationId, storeIds: session.principal.storeIds },
      id,
    )
    return store ? storeJson(store) : null
  },
}
