import { z } from 'zod'
import { ORDER_LIST } from '../../../domain/orders/order/list.js'
import { filterSchema } from '../../../domain/shared/list-spec.js'
import { ORDER_SORTS, listOrders, readOrder } from '../../../app/orders/order/reads.js'
import { orderViewSchema } from '../../../app/orders/order/view.js'
import { getTool, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const orderReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_order',
    description:
      'Get one order of the current store by id, or by number (1001 for #1001): statuses, lines, money (decimal strings), ' +
      "the customer's email and shipping address (null once erased), notes and fulfillments. Fails with NOT_FOUND when the " +
      'store has no such order.',
    scope: 'orders:read',
    input: z.object({
      id: z.string().nullish().describe('The order id.'),
      number: z.number().int().nullish().describe('The order number, e.g. 1001 for #1001; used when no id is given.'),
    }),
    output: orderViewSchema,
    read: readOrder,
  }),
  listTool({
    name: 'list_orders',
    description:
      "List the current store's orders with filters (status, paymentStatus, fulfillmentStatus: lists of values; customerId; " +
      'number: {min, max}; total: {min, max} as decimal strings; createdAt, updatedAt: {from, to}), sort (CREATED_AT_DESC ' +
      'when omitted; NUMBER, TOTAL, UPDATED_AT) and pagination (page+limit, first+after with pageInfo.endCursor, or ' +
      'last+before with pageInfo.startCursor). Returns nodes, pageInfo and totalCount.',
    scope: 'orders:read',
    filter: filterSchema(ORDER_LIST),
    sorts: ORDER_SORTS,
    node: orderViewSchema,
    list: listOrders,
  }),
]
