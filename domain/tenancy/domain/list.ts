import { defineList, filter } from '../../shared/list-spec.js'
import { DOMAIN_STATUSES } from './commands.js'

/** The store's custom domains as a list (GraphQL `storeDomains`), oldest first so it reads in the order they were added. */
export const STORE_DOMAIN_LIST = defineList({
  name: 'StoreDomain',
  filters: {
    hostname: filter.string(),
    status: filter.enumList('StoreDomainStatus', DOMAIN_STATUSES),
    primary: filter.boolean(),
    createdAt: filter.dateRange(),
  },
  sorts: ['HOSTNAME', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_ASC',
  sortDescription: 'Order of a domain list; ties are broken by id.',
})
