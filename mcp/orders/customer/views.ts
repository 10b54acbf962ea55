import { CUSTOMER_CATEGORY } from '../../../domain/orders/customer/streams.js'
import { findCustomerView } from '../../../app/orders/customer/reads.js'
import { customerViewSchema } from '../../../app/orders/customer/view.js'
import { resourceView } from '../../shared/view.js'

export const customerView = resourceView({
  resource: CUSTOMER_CATEGORY,
  readTool: 'get_customer',
  schema: customerViewSchema,
  find: findCustomerView,
})
