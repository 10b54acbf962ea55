import { z } from 'zod'
import { listPaymentProviders } from '../../../app/payments/provider/reads.js'
import { paymentProviderViewSchema } from '../../../app/payments/provider/view.js'
import { grants } from '../../../domain/shared/scopes.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

export const paymentProviderReadTools: readonly ShopTool[] = [
  readTool({
    name: 'list_payment_providers',
    description:
      "The current store's configured payment providers (STRIPE, TEST): the last 4 characters of each secret, until when a " +
      'rotated signing secret is still accepted, and the id of the platform key that sealed them. Never a secret. An empty ' +
      'list means the store cannot take payments; configure_payment_provider adds one.',
    available: (scopes) => grants(scopes, 'settings:read'),
    input: z.strictObject({}),
    output: z.object({ providers: z.array(paymentProviderViewSchema) }),
    async run(_args, call) {
      return { providers: await listPaymentProviders(callerOf(call)) }
    },
  }),
]
