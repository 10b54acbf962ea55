import { paymentProviderCommands } from '../../../../domain/payments/payment-provider/definitions.js'
import { PAYMENT_PROVIDER_CATEGORY } from '../../../../domain/payments/payment-provider/streams.js'
import { listPaymentProviders, readPaymentProvider } from '../../../../app/payments/provider/reads.js'
import type { PaymentProviderView } from '../../../../app/payments/provider/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { historyResolver } from '../../shared/history.js'
import { withMutations } from '../../shared/mutations.js'
import { paymentProviderTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    paymentProviders: (_root, _args, ctx) => listPaymentProviders(ctx),
  },
  PaymentProviderSettings: {
    history: historyResolver(
      'settings:read',
      PAYMENT_PROVIDER_CATEGORY,
      (settings: PaymentProviderView) => settings.provider,
    ),
  },
}

export const paymentProviderSlice = withMutations(
  { typeDefs: paymentProviderTypeDefs, resolvers },
  paymentProviderCommands,
  {
    field: 'paymentProvider',
    type: 'PaymentProviderSettings',
    read: (ctx, provider) => readPaymentProvider(ctx, provider),
  },
)
