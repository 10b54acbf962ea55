import { ORDER_CATEGORY } from '../../../domain/orders/order/streams.js'
import { findOrderView } from '../../../app/orders/order/reads.js'
import { orderViewSchema } from '../../../app/orders/order/view.js'
import { resourceView } from '../../shared/view.js'

export const orderView = resourceView({
  resource: ORDER_CATEGORY,
  readTool: 'get_order',
  schema: orderViewSchema,
  find: findOrderView,
})
