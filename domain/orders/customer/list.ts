import { defineList, filter } from '../../shared/list-spec.js'

/** The store's customers as a list (GraphQL `customers`, MCP `list_customers`). */
export const CUSTOMER_LIST = defineList({
  name: 'Customer',
  filters: {
    erased: filter.boolean('true: only erased customers; false: only those whose personal data is kept.'),
    orderCount: filter.intRange('Customers with this many orders, both ends inclusive.'),
    firstOrderAt: filter.dateRange(),
    lastOrderAt: filter.dateRange(),
  },
  sorts: ['LAST_ORDER_AT', 'FIRST_ORDER_AT', 'ORDER_COUNT', 'TOTAL_SPENT'],
  defaultSort: 'LAST_ORDER_AT_DESC',
  sortDescription: 'Order of a customer list; ties are broken by id.',
})
