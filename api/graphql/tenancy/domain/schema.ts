import { STORE_DOMAIN_LIST } from '../../../../domain/tenancy/domain/list.js'
import { listField, listTypeDefs } from '../../shared/list-sdl.js'
import { connectionTypeDefs } from '../../shared/schema.js'
import { deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'

export const storeDomainTypeDefs = /* GraphQL */ `
  "PENDING: added, not checked yet. VERIFIED: the TXT record was found; the domain serves the store. FAILED: the last check did not find it."
  enum StoreDomainStatus {
    PENDING
    VERIFIED
    FAILED
  }

  "The DNS record that proves the store's owner controls a domain."
  type DnsTxtRecord {
    "The record's name: _emporium.<domain>."
    name: String!
    "The value to publish."
    value: String!
  }

  "A custom domain of the store."
  type StoreDomain {
    id: ID!
    "Lowercase; internationalised names in punycode."
    hostname: String!
    status: StoreDomainStatus!
    "Whether storefront links use this domain; only a verified domain can be primary."
    primary: Boolean!
    verificationRecord: DnsTxtRecord!
    "Why the last check failed: the record to add and what DNS answered."
    verificationMessage: String
    verifiedAt: DateTime
    lastCheckedAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  ${connectionTypeDefs('StoreDomain')}

  ${listTypeDefs(STORE_DOMAIN_LIST)}

  input StoreDomainAddInput {
    "e.g. shop.example.com; no scheme, port or path."
    hostname: String!
  }

  input StoreDomainVerifyInput {
    id: ID!
  }

  input StoreDomainSetPrimaryInput {
    id: ID!
  }

  input StoreDomainRemoveInput {
    id: ID!
  }

  ${payloadType('StoreDomainAdd', 'storeDomain: StoreDomain')}

  type StoreDomainVerifyPayload {
    "VERIFIED, or FAILED with verificationMessage saying what to fix."
    storeDomain: StoreDomain
    "null when the domain was verified already."
    eventPosition: String
  }

  ${payloadType('StoreDomainSetPrimary', 'storeDomain: StoreDomain')}

  ${deletePayloadType('StoreDomainRemove')}

  extend type Query {
    ${listField('storeDomains', STORE_DOMAIN_LIST, "The request store's custom domains with their status. Needs settings:read.")}
  }

  extend type Mutation {
    ${mutationFields({
      storeDomainAdd:
        'Adds a custom domain (PENDING) and gives the TXT record to publish. CONFLICT when another store uses it. Needs settings:write.',
      storeDomainVerify:
        "Looks up the domain's TXT record _emporium.<domain> and records VERIFIED or FAILED. Needs settings:write.",
      storeDomainSetPrimary: "Makes a verified domain the store's primary one. Needs settings:write.",
      storeDomainRemove: 'Removes a domain; it becomes free for any store. Needs settings:write.',
    })}
  }
`
