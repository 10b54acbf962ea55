export const organizationTypeDefs = /* GraphQL */ `
  "Only the fields given change."
  input OrganizationUpdateInput {
    name: String
  }

  type OrganizationUpdatePayload {
    organization: Organization
    "Log position of the write; null when nothing changed."
    eventPosition: String
  }

  extend type Mutation {
    "Changes the caller's organization. Needs settings:write and a credential for every store of the organization."
    organizationUpdate(input: OrganizationUpdateInput!): OrganizationUpdatePayload!
  }
`
