import { z } from 'zod'
import { descriptionInput, entityId, titleInput, textInput, tagsInput } from '../../shared/input-types.js'
import { handleInput } from '../../shared/publishable/handle.js'
import { attributeValuesInput, type AttributesOnCreate } from './attribute-commands.js'
import { PRODUCT_STATUSES, type ProductFields } from './events.js'
import { publishAtInput } from './publishing.js'
import { seoInput, type Seo } from '../../shared/publishable/seo.js'
import { productOptionsCreateList, productVariantsCreateList, type CatalogDraft } from './variant-commands.js'
import { nullishFields, strictInput } from '../../shared/strict-input.js'

export const VENDOR_MAX_LENGTH = 255
export const TAG_MAX_LENGTH = 255
export const TAGS_MAX_COUNT = 250

// Messages name the field and the rule, because agents and integrations act on them verbatim;
// the path of each issue becomes `extensions.field`, so schema keys are the input's field names.

const productId = entityId('product').describe('The product id returned by create_product (a UUID).')

const title = titleInput().describe('The name shown to shoppers, e.g. "Red Shirt".')

const handle = handleInput('red-shirt', 'the store')

const description = descriptionInput().describe('The product description; an empty string clears it.')

const status = z
  .enum(PRODUCT_STATUSES, { error: `status must be one of ${PRODUCT_STATUSES.join(', ')}` })
  .describe('DRAFT (hidden while being prepared), ACTIVE (on sale) or ARCHIVED (kept for history).')

const vendor = textInput('vendor', VENDOR_MAX_LENGTH).describe('The brand or maker; an empty string clears it.')

const tags = tagsInput('product', TAGS_MAX_COUNT, TAG_MAX_LENGTH).describe(
  'Labels for search and filtering; duplicates are dropped. On update the list replaces the old one.',
)

/** What a product may be created with besides its title, and change later. */
const productFields = { handle, description, status, vendor, tags, seo: seoInput, publishAt: publishAtInput }

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const productCreateInput = strictInput('productCreate', {
  title,
  ...nullishFields(productFields),
  options: productOptionsCreateList.nullish(),
  variants: productVariantsCreateList.nullish(),
  attributeSetId: z
    .uuid({ error: 'attributeSetId must be an attribute set id (a UUID)' })
    .overwrite((id) => id.toLowerCase())
    .nullish()
    .describe('The attribute set the product belongs to; its required attributes must be given in attributes.'),
  attributes: attributeValuesInput
    .nullish()
    .describe('Attribute values [{code, value}], checked against each attribute and the set.'),
})

export const productUpdateInput = strictInput('productUpdate', {
  id: productId,
  title: title.nullish(),
  ...nullishFields(productFields),
})

export const productDeleteInput = strictInput('productDelete', { id: productId })

export type ProductCreateInput = z.output<typeof productCreateInput>
export type ProductUpdateInput = z.output<typeof productUpdateInput>
export type ProductDeleteInput = z.output<typeof productDeleteInput>

/** Every field resolved: `prepare` has chosen the id and, when none was given, a free handle. */
/** `catalog`: the options and variants the product is created with (productCreate's options and variants). */
export type ProductCreate = {
  type: 'ProductCreate'
  data: ProductFields & { seo?: Seo; publishAt?: string | null }
  catalog?: CatalogDraft
  /** The attribute set and values the product is created with, with the facts they are checked against. */
  attributes?: AttributesOnCreate
}
/** Fields left out stay as they are, `seo` parts too; `publishAt` null cancels the schedule. */
export type ProductUpdate = {
  type: 'ProductUpdate'
  data: { productId: string } & Partial<Omit<ProductFields, 'productId'>> & {
      seo?: Partial<Seo>
      publishAt?: string | null
    }
}
export type ProductDelete = { type: 'ProductDelete'; data: { productId: string } }

export type ProductCommand = ProductCreate | ProductUpdate | ProductDelete
