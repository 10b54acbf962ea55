import { payloadType, mutationFields } from '../../shared/payloads.js'

export const commerceTypeDefs = /* GraphQL */ `
  input StoreCommerceToggleInput {
    "true: sell (prices and buying); false: a catalog-only showroom. Turning it on needs the store's currency."
    enabled: Boolean!
  }

  ${payloadType('StoreCommerceToggle', 'store: Store', {
    eventPosition: 'Log position of the write; null when the store already was in that state.',
  })}

  extend type Mutation {
    ${mutationFields({
      storeCommerceToggle:
        "Turns selling on or off for the request's store; the audit log keeps who did it when. Needs settings:write.",
    })}
  }
`
