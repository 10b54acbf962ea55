/** The filtered + faceted list the catalog bench asks for, as GraphQL and as the floor's bare SQL. */

export const CATALOG_LIST_QUERY = `query ($filter: ProductFilter) {
  products(filter: $filter, first: 20) { nodes { id title handle } totalCount }
  productFacets(filter: $filter) {
    totalCount
    status { value count }
    tags { value count }
    categories { categoryId count }
    attributes { code values { value count } }
    price { min { amount } max { amount } }
  }
}`

export const PRICE_MIN_MINOR = 2_000
export const PRICE_MAX_MINOR = 6_000
export const COLORS_WANTED = ['red', 'blue', 'black']

/** Active products in one category tree, with some variant between 20.00 and 60.00, in three colours. */
export function catalogFilter(categoryId: string): Record<string, unknown> {
  return {
    status: ['ACTIVE'],
    category: { id: categoryId },
    price: { min: (PRICE_MIN_MINOR / 100).toFixed(2), max: (PRICE_MAX_MINOR / 100).toFixed(2) },
    attributes: [{ code: 'color', in: COLORS_WANTED }],
  }
}

type Condition = 'status' | 'category' | 'price' | 'color'

/**
 * The filter's conditions as SQL over `products p` ($1 store, $2 category, $3/$4 price range,
 * $5 colours), so each facet can leave its own out, as the server does.
 */
const CONDITIONS: Record<Condition, string> = {
  status: `p.status = 'ACTIVE'`,
  category: `p.id in (select cp.product_id from category_products cp where cp.store_id = $1 and cp.category_id in (
    select c.id from categories c where c.store_id = $1 and (c.id = $2 or $2::uuid = any(c.ancestor_ids))))`,
  price: `p.price_max >= $3 and p.price_min <= $4`,
  color: `exists (select 1 from product_attribute_values v where v.store_id = p.store_id and v.product_id = p.id and v.code = 'color' and v.value_text = any($5::text[]))`,
}

function where(except?: Condition): string {
  return [
    'p.store_id = $1',
    ...Object.entries(CONDITIONS)
      .filter(([name]) => name !== except)
      .map(([, sql]) => `(${sql})`),
  ].join(' and ')
}

export const FLOOR_LIST_SQL = `select p.id, p.title, p.handle from products p where ${where()} order by p.created_at desc, p.id desc limit 20`

const conditionNames = Object.keys(CONDITIONS) as Condition[]
/** The filtered set's rows that hold every condition but `except` (the flags computed once in `f`). */
const under = (except?: Condition) =>
  conditionNames
    .filter((name) => name !== except)
    .map((name) => `f.k_${name}`)
    .join(' and ')
const inSet = (except?: Condition) => `select f.id from f where ${under(except)}`

/**
 * As the server counts them (projections/catalog/product/facets.ts): the store's products once,
 * with one flag per condition, in a materialized CTE; each facet counts the rows whose other
 * flags hold.
 */
export const FLOOR_FACETS_SQL = `with f as materialized (
    select p.id, p.status, p.tags, p.price_min, p.price_max,
      ${conditionNames.map((name) => `(${CONDITIONS[name]}) as k_${name}`).join(',\n      ')}
    from products p where p.store_id = $1)
  ${[
    `(select 'total' as facet, null as key, null as value, null as extra, count(*) as count from f where ${under()})`,
    `(select 'status', null, f.status, null, count(*) from f where ${under('status')} group by f.status)`,
    `(select 'tag', null, t.tag, null, count(*) from f cross join unnest(f.tags) as t(tag) where ${under()} group by t.tag order by count(*) desc, t.tag limit 20)`,
    `(select 'price', null, min(f.price_min)::text, max(f.price_max)::text, count(*) from f where ${under('price')})`,
    `(select 'category', x.category_id::text, k.title, k.path, count(distinct cp.product_id)
    from category_products cp
    join categories c on c.store_id = cp.store_id and c.id = cp.category_id
    cross join unnest(c.ancestor_ids || c.id) as x(category_id)
    join categories k on k.store_id = cp.store_id and k.id = x.category_id
    where cp.store_id = $1 and cp.product_id in (${inSet('category')})
    group by x.category_id, k.title, k.path)`,
    `(select 'attribute', v.code, coalesce(v.value_text, v.value_number::text, v.value_boolean::text, v.value_date::text), null, count(distinct v.product_id)
    from product_attribute_values v join attributes a on a.store_id = v.store_id and a.id = v.attribute_id and a.filterable
    where v.store_id = $1 and v.code <> 'color' and v.product_id in (${inSet()}) group by v.code, 3)`,
    `(select 'attribute', v.code, coalesce(v.value_text, v.value_number::text, v.value_boolean::text, v.value_date::text), null, count(distinct v.product_id)
    from product_attribute_values v join attributes a on a.store_id = v.store_id and a.id = v.attribute_id and a.filterable
    where v.store_id = $1 and v.code = 'color' and v.product_id in (${inSet('color')}) group by v.code, 3)`,
  ].join(' union all ')}`
