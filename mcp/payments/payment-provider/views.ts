import { findPaymentProviderView } from '../../../app/payments/provider/reads.js'
import { paymentProviderViewSchema } from '../../../app/payments/provider/view.js'
import { PAYMENT_PROVIDER_CATEGORY } from '../../../domain/payments/payment-provider/streams.js'
import { resourceView } from '../../shared/view.js'

/** `configure_payment_provider` answers with the provider it wrote; its entity id is the provider (STRIPE, TEST). */
export const paymentProviderView = resourceView({
  resource: PAYMENT_PROVIDER_CATEGORY,
  readTool: 'list_payment_providers',
  schema: paymentProviderViewSchema,
  find: findPaymentProviderView,
})
