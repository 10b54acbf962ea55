import { defineCommand, type AnyCommandDefinition, storeInternal } from '../../shared/command.js'
import { deciderOf } from '../../shared/event.js'
import { onStoreEntity } from '../../shared/store-of.js'
import { paymentEventRecordInput, type PaymentCommand } from './commands.js'
import { decidePayment } from './decide.js'
import { evolvePayment, initialPaymentState } from './payment.js'
import { PAYMENT_CATEGORY, paymentIdOf, paymentStream } from './streams.js'

export const paymentDecider = deciderOf(initialPaymentState, evolvePayment, decidePayment)

/**
 * Records one provider event on its payment's stream (one stream per provider payment intent,
 * whatever order its events come in). Server-side only: the webhook receiver runs it after it
 * verified the provider's signature, as actor `{type: 'webhook', id: '<provider>'}`.
 */
const onPayment = onStoreEntity<PaymentCommand>(paymentStream)

export const paymentEventRecord = defineCommand({
  name: 'paymentEventRecord',
  tool: 'record_payment_event',
  description:
    "Records the normalized facts of one payment provider event (webhook) on the payment's stream. Idempotent by the " +
    "provider's event id: a redelivery records nothing.",
  summary: 'Records a payment provider event.',
  ...storeInternal(PAYMENT_CATEGORY, 'orders:write', { decider: paymentDecider }),
  annotations: { destructive: false, idempotent: true },
  input: paymentEventRecordInput,
  prepare(input, env) {
    const paymentId = paymentIdOf(input.provider, input.providerPaymentId)
    return onPayment(env, paymentId, {
      type: 'PaymentEventRecord',
      data: {
        paymentId,
        provider: input.provider,
        providerEventId: input.providerEventId,
        providerPaymentId: input.providerPaymentId,
        fact: input.type,
        orderId: input.orderId ?? null,
        amount: input.amount ?? null,
        currencyCode: input.currencyCode ?? null,
        refundedAmount: input.refundedAmount ?? null,
        reason: input.reason ?? null,
      },
    })
  },
})

export const paymentCommands: readonly AnyCommandDefinition[] = [paymentEventRecord]
