import { defineList, filter } from '../../shared/list-spec.js'
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './order.js'

/** The store's orders as a list: what they filter and sort on (GraphQL `orders`, MCP `list_orders`). */
export const ORDER_LIST = defineList({
  name: 'Order',
  filters: {
    status: filter.enumList('OrderStatus', ORDER_STATUSES, 'Any of these order statuses.'),
    paymentStatus: filter.enumList('OrderPaymentStatus', PAYMENT_STATUSES, 'Any of these payment statuses.'),
    fulfillmentStatus: filter.enumList(
      'OrderFulfillmentStatus',
      FULFILLMENT_STATUSES,
      'Any of these fulfillment statuses.',
    ),
    customerId: filter.id('Orders of this customer.'),
    number: filter.intRange('Order numbers in this range, both ends inclusive (1001 for #1001).'),
    total: filter.moneyRange('Totals in this range, decimal strings in the order currency, both ends inclusive.'),
    createdAt: filter.dateRange('When the order was placed.'),
    updatedAt: filter.dateRange(),
  },
  sorts: ['CREATED_AT', 'NUMBER', 'TOTAL', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  sortDescription: 'Order of an order list; ties are broken by id.',
})
