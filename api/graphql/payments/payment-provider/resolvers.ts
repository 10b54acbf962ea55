import { paymentProviderCommands } from '../../../../domain/payments/payment-provider/definitions.js'
import { PAYMENT_PROVIDER_CATEGORY } from '../../../../domain/payments/payment-provider/streams.js'
import { readHistory } from '../../../../app/audit/log/reads.js'
import { listPaymentProviders, readPaymentProvider } from '../../../../app/payments/provider/reads.js'
import type { PaymentProviderView } from '../../../../app/payments/provider/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { withMutations } from '../../shared/mutations.js'
import { wantsTotal } from '../../shared/selection.js'
import { paymentProviderTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    paymentProviders: (_root, _args, ctx) => listPaymentProviders(ctx),
  },
  PaymentProviderSettings: {
    history: (settings: PaymentProviderView, args: { first?: number | null; after?: string | null }, ctx, info) =>
      readHistory(ctx, 'settings:read', { entityType: PAYMENT_PROVIDER_CATEGORY, entityId: settings.provider }, args, {
        count: wantsTotal(info),
      }),
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
