import { historyField } from '../../shared/history.js'
import { seoTypeDefs } from '../../shared/seo.js'
import { payloadType, mutationFields } from '../../shared/payloads.js'

/** SDL of a product's SEO, publish schedule, history, copies and reverts; extends the product slice's types. */
export const productHistoryTypeDefs = /* GraphQL */ `
  ${seoTypeDefs('Product', { of: 'a product', titleFallback: 'the product title', inputLimits: true })}

  extend type Product {
    seo: ProductSeo!
    "When this hidden product turns ACTIVE by itself; null when not scheduled."
    publishAt: DateTime
    ${historyField('Every event of this product, newest first, with its actor and time (the audit log of this product).')}
  }

  extend input ProductCreateInput {
    seo: ProductSeoInput
    "Turn ACTIVE by itself at this time; status then defaults to DRAFT."
    publishAt: DateTime
  }

  extend input ProductUpdateInput {
    "Parts given replace the old ones."
    seo: ProductSeoInput
    "Schedule a DRAFT or ARCHIVED product to turn ACTIVE at this time; null cancels the schedule."
    publishAt: DateTime
  }

  input ProductDuplicateInput {
    "The product to copy."
    id: ID!
    "The title of the copy."
    title: String!
    "Generated from the title when omitted."
    handle: String
    "DRAFT when omitted, so the copy stays hidden until reviewed."
    status: ProductStatus
  }

  input ProductRevertInput {
    id: ID!
    "The revision to restore, as Product.history lists them: it comes back as the whole change that wrote that revision left it (0: as created)."
    toRevision: Int!
  }

  type ProductDuplicatePayload {
    "The new product."
    product: Product
    eventPosition: String
  }

  ${payloadType('ProductRevert', 'product: Product', {
    eventPosition: 'Log position of the write; null when the product already was as at that revision.',
  })}

  extend type Mutation {
    ${mutationFields({
      productDuplicate: 'Copies a product (fields, SEO, tags, media) into a new DRAFT product. Needs products:write.',
      productRevert:
        'Restores a product as it was at an earlier revision by appending change events; the history keeps both. Needs products:write.',
    })}
  }
`
