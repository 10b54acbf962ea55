import { z } from 'zod'
import type { StoreDetails } from '../../../projections/tenancy/store-queries.js'

/** A store with its configuration as GraphQL's `Store` and the MCP tools serve it, times as ISO-8601 strings. */
export const storeViewSchema = z.object({
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

export type StoreView = z.infer<typeof storeViewSchema>

/** Everything but the organization, which the caller's credential already names. */
export function toStoreView(store: StoreDetails): StoreView {
  const { organizationId: _organization, ...rest } = store
  return {
    ...rest,
    archivedAt: store.archivedAt?.toISOString() ?? null,
    commerceToggledAt: store.commerceToggledAt?.toISOString() ?? null,
    createdAt: store.createdAt.toISOString(),
    updatedAt: store.updatedAt.toISOString(),
  }
}
