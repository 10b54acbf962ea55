import {
  defineCommand,
  type AnyCommandDefinition,
  type PrepareEnv,
  type SecretStash,
  storeWrite,
} from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { fold, deciderOf } from '../../shared/event.js'
import { storeOf, onStoreEntity } from '../../shared/store-of.js'
import { paymentProviderConfigureInput, paymentProviderRemoveInput, type PaymentProviderCommand } from './commands.js'
import { decidePaymentProvider } from './decide.js'
import type { PaymentProviderEvent } from './events.js'
import { evolvePaymentProvider, initialPaymentProviderState, type PaymentProviderState } from './payment-provider.js'
import { PAYMENT_PROVIDER_CATEGORY, paymentProviderStream } from './streams.js'

export const paymentProviderDecider = deciderOf(
  initialPaymentProviderState,
  evolvePaymentProvider,
  decidePaymentProvider,
)

const WRITE = storeWrite(PAYMENT_PROVIDER_CATEGORY, 'settings:write', { decider: paymentProviderDecider })
const onPaymentProvider = onStoreEntity<PaymentProviderCommand>(paymentProviderStream)

function stashOf(env: PrepareEnv): SecretStash {
  if (!env.secrets)
    throw new DomainError(
      'SERVICE_UNAVAILABLE',
      'payment provider secrets cannot be stored here; retry through the API',
    )
  return env.secrets
}

async function readPaymentProvider(storeId: string, provider: string, env: PrepareEnv): Promise<PaymentProviderState> {
  const history = await env.readStream(paymentProviderStream(storeId, provider))
  return fold(paymentProviderDecider, history as unknown as PaymentProviderEvent[])
}

export const paymentProviderConfigure = defineCommand({
  name: 'paymentProviderConfigure',
  tool: 'configure_payment_provider',
  description:
    "Configure the store's payment provider: STRIPE with its API secret key (sk_… or rk_…) and webhook signing secret " +
    '(whsec_…), or TEST, the offline provider (a local pay page; a signing secret is generated when none is given). Both ' +
    'secrets are stored encrypted and never shown again: answers, events and the audit log show their last 4 characters. ' +
    'Later calls change only what they give: a new secretKey replaces the key at once; a new webhookSigningSecret ' +
    'replaces the signing secret, and the previous one stays valid for signingSecretOverlapSeconds (default 86400, at ' +
    'most 604800, 0 ends it now). Returns the provider settings. Fails with BAD_USER_INPUT naming the field when a secret ' +
    'has the wrong shape or a first STRIPE configuration lacks one.',
  summary:
    "Configures one of the store's payment providers (secrets stored encrypted, shown by their last 4 characters).",
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: paymentProviderConfigureInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const { provider } = input
    const stash = stashOf(env)
    const state = await readPaymentProvider(storeId, provider, env)
    const secretKey = input.secretKey
      ? await stash.seal(storeId, { provider, purpose: 'api_key' }, input.secretKey)
      : null
    const signingSecret = input.webhookSigningSecret
      ? await stash.seal(storeId, { provider, purpose: 'signing' }, input.webhookSigningSecret)
      : provider === 'TEST' && state.kind !== 'configured'
        ? await stash.generate(storeId, { provider, purpose: 'signing' }, 'whsec_')
        : null
    return onPaymentProvider(env, provider, {
      type: 'PaymentProviderConfigure',
      data: { provider, secretKey, signingSecret, overlapSeconds: input.signingSecretOverlapSeconds ?? null },
    })
  },
})

export const paymentProviderRemove = defineCommand({
  name: 'paymentProviderRemove',
  tool: 'delete_payment_provider',
  description:
    "Remove one of the store's payment providers: checkout stops using it and its webhooks answer 404. Its secrets are " +
    'no longer used; configure it again to sell through it. Returns the removed provider. Fails with NOT_FOUND when ' +
    'that provider is not configured.',
  summary: "Removes one of the store's payment providers.",
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: paymentProviderRemoveInput,
  prepare(input, env) {
    return onPaymentProvider(env, input.provider, { type: 'PaymentProviderRemove', data: { provider: input.provider } })
  },
})

export const paymentProviderCommands: readonly AnyCommandDefinition[] = [
  paymentProviderConfigure,
  paymentProviderRemove,
]
