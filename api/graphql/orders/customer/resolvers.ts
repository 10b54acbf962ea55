import { customerCommands } from '../../../../domain/orders/customer/definitions.js'
import { listCustomers, readCustomer } from '../../../../app/orders/customer/reads.js'
import type { CustomerView } from '../../../../app/orders/customer/view.js'
import { listOrders } from '../../../../app/orders/order/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { withMutations } from '../../shared/mutations.js'
import { wantsTotal } from '../../shared/selection.js'
import { customerTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    customer: (_root, args: { id: string }, ctx) => readCustomer(ctx, args),
    customers: listResolver(listCustomers),
  },
  Customer: {
    orders: (customer: CustomerView, args: { first?: number | null; after?: string | null }, ctx, info) =>
      listOrders(ctx, { ...args, filter: { customerId: customer.id } }, { count: wantsTotal(info) }),
  },
}

export const customerSlice = withMutations({ typeDefs: customerTypeDefs, resolvers }, customerCommands, {
  field: 'customer',
  type: 'Customer',
  read: (ctx, id) => readCustomer(ctx, { id }),
})
