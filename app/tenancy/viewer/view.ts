import { z } from 'zod'
import type { OrganizationRecord, StoreRecord } from '../../../projections/tenancy/queries.js'

/** The caller's organization as GraphQL's `Organization` and get_context serve it. */
export const organizationViewSchema = z.object({ id: z.string(), name: z.string() })

export type OrganizationView = z.infer<typeof organizationViewSchema>

export function toOrganizationView({ id, name }: OrganizationRecord): OrganizationView {
  return { id, name }
}

/** A store the credential reaches, in brief, as GraphQL's `ViewerStore` and get_context serve it. */
export const viewerStoreViewSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  defaultLocale: z.string(),
  currency: z.string(),
  commerceEnabled: z.boolean(),
})

export type ViewerStoreView = z.infer<typeof viewerStoreViewSchema>

export function toViewerStoreView(store: StoreRecord): ViewerStoreView {
  const { id, slug, name, defaultLocale, currency, commerceEnabled } = store
  return { id, slug, name, defaultLocale, currency, commerceEnabled }
}
