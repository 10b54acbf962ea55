/**
 * The SDL fields of a postal address, the same in and out (the order's `MailingAddress`, the
 * storefront's `MailingAddressInput`); `countryCode` and `phone` follow, documented by each type.
 */
export const ADDRESS_FIELDS = `firstName: String!
    lastName: String!
    address1: String!
    address2: String
    city: String!
    province: String
    postalCode: String!`
