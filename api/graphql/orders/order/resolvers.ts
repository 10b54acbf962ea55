import { orderCommands } from '../../../../domain/orders/order/definitions.js'
import { ORDER_CATEGORY } from '../../../../domain/orders/order/streams.js'
import { findCustomerView } from '../../../../app/orders/customer/reads.js'
import { listOrders, readOrder } from '../../../../app/orders/order/reads.js'
import type { OrderView } from '../../../../app/orders/order/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { withMutations } from '../../shared/mutations.js'
import { orderTypeDefs } from './schema.js'
import { historyResolver } from '../../shared/history.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    order: (_root, args: { id?: string | null; number?: number | null }, ctx) => readOrder(ctx, args),
    orders: listResolver(listOrders),
  },
  Order: {
    customer: (order: OrderView, _args, ctx) => findCustomerView(ctx, order.customerId),
    history: historyResolver('orders:read', ORDER_CATEGORY),
  },
}

export const orderSlice = withMutations({ typeDefs: orderTypeDefs, resolvers }, orderCommands, {
  field: 'order',
  type: 'Order',
  read: (ctx, id) => readOrder(ctx, { id }),
})
