import { z } from 'zod'
import { listPaymentProviders } from '../../../app/payments/provider/reads.js'
import { paymentProviderViewSchema } from '../../../app/payments/provider/view.js'
import { getTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const paymentProviderReadTools: readonly ShopTool[] = [
  getTool({
    name: 'list_payment_providers',
    description:
      "The current store's configured payment providers (STRIPE, TEST): the last 4 characters of each secret, until when a " +
      'rotated signing secret is still accepted, and the id of the platform key that sealed them. Never a secret. An empty ' +
      'list means the store cannot take payments; configure_payment_provider adds one.',
    scope: 'settings:read',
    input: z.strictObject({}),
    output: z.object({ providers: z.array(paymentProviderViewSchema) }),
    read: async (caller) => ({ providers: await listPaymentProviders(caller) }),
  }),
]
