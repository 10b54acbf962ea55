import type { DomainEvent } from '../../shared/event.js'
import type { StoredValue } from '../attribute/values.js'

// What happened to the attribute values a product holds and the set it belongs to.

export type AttributeRef = { attributeId: string; code: string }

/** `values` are the ones that changed, each whole (a multiselect's full list). */
export type ProductAttributeValuesSet = DomainEvent<
  'ProductAttributeValuesSet',
  { productId: string; values: StoredValue[] }
>
export type ProductAttributeValuesRemoved = DomainEvent<
  'ProductAttributeValuesRemoved',
  { productId: string; values: AttributeRef[] }
>
/** The product moved from set `from` to `to` (null: none); the values of `dropped` went with the move. */
export type ProductAttributeSetChanged = DomainEvent<
  'ProductAttributeSetChanged',
  { productId: string; from: string | null; to: string | null; dropped: AttributeRef[] }
>

export type ProductAttributeEvent =
  ProductAttributeValuesSet | ProductAttributeValuesRemoved | ProductAttributeSetChanged

export const PRODUCT_ATTRIBUTE_EVENT_TYPES = [
  'ProductAttributeValuesSet',
  'ProductAttributeValuesRemoved',
  'ProductAttributeSetChanged',
] as const
