import { sql } from 'kysely'
import { isUuid } from '../../../domain/shared/ids.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { prepared } from '../../../infra/database/prepared-statements.js'
import { toMediaRecord, type MediaListedRow, type MediaRecord } from '../../media/queries.js'
import type { ProductVariantRow } from './variant-tables.js'
import { uuids } from '../../shared/store-rows.js'
import { toVariantRecord, type OptionRecord, type VariantRecord } from './variant-queries.js'

/** What a product shows beside its own row: variants, options and media in order, and the units checkouts hold. */
export interface ProductDetails {
  variants: VariantRecord[]
  options: OptionRecord[]
  media: MediaRecord[]
  /** Units live reservations hold, per variant id; variants holding none are absent. */
  reserved: Map<string, number>
}

/** Timestamps arrive as ISO text in JSON; the records carry dates, as the row readers give them. */
type InJson<Row> = Omit<Row, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string }

interface DetailsRow {
  id: string
  variants: InJson<ProductVariantRow>[]
  options: { id: string; product_id: string; name: string; position: number; values: string[] }[]
  media: InJson<MediaListedRow>[]
  reserved: Record<string, number | string>
}

const dated = <Row extends { created_at: string; updated_at: string }>(row: Row) => ({
  ...row,
  created_at: new Date(row.created_at),
  updated_at: new Date(row.updated_at),
})

/**
 * The details of a batch of the store's products, in the order of `productIds` (none for an id
 * that is not the store's), in one statement: a storefront page of 24 product cards asked four
 * (variants, options, media, reservations), and every statement is a round trip and a plan.
 */
export async function productDetails(
  db: AnyDb,
  storeId: string,
  productIds: readonly string[],
): Promise<ProductDetails[]> {
  const wanted = uuids(productIds)
  const none = (): ProductDetails => ({ variants: [], options: [], media: [], reserved: new Map() })
  if (!isUuid(storeId) || wanted.length === 0) return productIds.map(none)
  const { rows } = await sql<DetailsRow>`${prepared()}select p.id,
      (select coalesce(json_agg(v order by v.position), '[]') from product_variants v
        where v.store_id = ${storeId} and v.product_id = p.id) as variants,
      (select coalesce(json_agg(json_build_object('id', o.id, 'product_id', o.product_id, 'name', o.name,
          'position', o.position, 'values', o.values) order by o.position), '[]') from product_options o
        where o.store_id = ${storeId} and o.product_id = p.id) as options,
      (select coalesce(json_agg(m order by pm.position), '[]') from product_media pm
        join media m on m.store_id = pm.store_id and m.id = pm.media_id
        where pm.store_id = ${storeId} and pm.product_id = p.id) as media,
      (select coalesce(json_object_agg(r.variant_id, r.units), '{}') from (
        select variant_id, sum(quantity) as units from inventory_reservations
        where store_id = ${storeId} and product_id = p.id and state = 'ACTIVE' group by variant_id) r) as reserved
    from unnest(${wanted}::uuid[]) as p(id)`.execute(db)
  const byProduct = new Map(
    rows.map((row): [string, ProductDetails] => [
      row.id,
      {
        variants: row.variants.map((variant) => toVariantRecord(dated(variant))),
        options: row.options.map((o) => ({
          id: o.id,
          productId: o.product_id,
          name: o.name,
          position: o.position,
          values: o.values,
        })),
        media: row.media.map((media) => toMediaRecord(dated(media))),
        reserved: new Map(Object.entries(row.reserved).map(([variant, units]) => [variant, Number(units)])),
      },
    ]),
  )
  return productIds.map((id) => byProduct.get(id.toLowerCase()) ?? none())
}
