import { defineList, filter } from '../../shared/list-spec.js'

/** ACTIVE: works now. REVOKED: revoked (whatever its expiry). EXPIRED: past its expiry, not revoked. */
export const API_KEY_STATUSES = ['ACTIVE', 'REVOKED', 'EXPIRED'] as const
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number]

/** The organization's API keys as a list (GraphQL `apiKeys`). */
export const API_KEY_LIST = defineList({
  name: 'ApiKey',
  filters: {
    name: filter.string(),
    status: filter.enumList('ApiKeyStatus', API_KEY_STATUSES),
    scope: filter.text('Keys holding exactly this scope, e.g. products:write.'),
    createdAt: filter.dateRange(),
  },
  sorts: ['NAME', 'CREATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on keys; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of a key list; ties are broken by id.',
})
