import { z } from 'zod'
import { CUSTOMER_LIST } from '../../../domain/orders/customer/list.js'
import { entityId } from '../../../domain/shared/input-types.js'
import { filterSchema } from '../../../domain/shared/list-spec.js'
import { CUSTOMER_SORTS, listCustomers, readCustomer } from '../../../app/orders/customer/reads.js'
import { customerViewSchema } from '../../../app/orders/customer/view.js'
import { getTool, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const customerReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_customer',
    description:
      'Get one customer of the current store by id: email, name, phone and addresses (null or empty once erased), order ' +
      'count, total spent, first and last order. Fails with NOT_FOUND when the store has no such customer.',
    scope: 'orders:read',
    input: z.object({ id: entityId('customer').describe('The customer id (a UUID).') }),
    output: customerViewSchema,
    read: readCustomer,
  }),
  listTool({
    name: 'list_customers',
    description:
      "List the current store's customers (those who placed orders) with filters (erased; orderCount: {min, max}; " +
      'firstOrderAt, lastOrderAt: {from, to}), sort (LAST_ORDER_AT_DESC when omitted; FIRST_ORDER_AT, ORDER_COUNT, ' +
      'TOTAL_SPENT) and pagination (page+limit, first+after, or last+before). Returns nodes, pageInfo and totalCount.',
    scope: 'orders:read',
    filter: filterSchema(CUSTOMER_LIST),
    sorts: CUSTOMER_SORTS,
    node: customerViewSchema,
    list: listCustomers,
  }),
]
