import { defineList, filter } from '../../shared/list-spec.js'

/** ACTIVE: serving. ARCHIVED: offline until restored; nothing is deleted. */
export const STORE_STATUSES = ['ACTIVE', 'ARCHIVED'] as const
export type StoreStatus = (typeof STORE_STATUSES)[number]

/** The stores a credential reaches as a list (GraphQL `stores`). */
export const STORE_LIST = defineList({
  name: 'Store',
  filters: {
    name: filter.string(),
    slug: filter.string(),
    currency: filter.string(),
    status: filter.enumList('StoreStatus', STORE_STATUSES),
    commerceEnabled: filter.boolean(),
    createdAt: filter.dateRange(),
    updatedAt: filter.dateRange(),
  },
  sorts: ['NAME', 'SLUG', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on stores; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of a store list; ties are broken by id so cursors never skip or repeat.',
})
