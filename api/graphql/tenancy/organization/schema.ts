import { EVENT_POSITION, payloadType, mutationFields } from '../../shared/payloads.js'

export const organizationTypeDefs = /* GraphQL */ `
  "Only the fields given change."
  input OrganizationUpdateInput {
    name: String
  }

  ${payloadType('OrganizationUpdate', 'organization: Organization', {
    eventPosition: EVENT_POSITION.unchanged,
  })}

  extend type Mutation {
    ${mutationFields({
      organizationUpdate:
        "Changes the caller's organization. Needs settings:write and a credential for every store of the organization.",
    })}
  }
`
