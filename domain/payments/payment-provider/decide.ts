import type { StashedSecret } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { badInput, notFound } from '../../shared/errors.js'
import {
  DEFAULT_SIGNING_OVERLAP_SECONDS,
  type PaymentProviderCommand,
  type PaymentProviderConfigure,
} from './commands.js'
import type { PaymentProviderEvent, SecretRef } from './events.js'
import type { ConfiguredProvider, PaymentProviderState } from './payment-provider.js'

/** Pure: the answer depends on the command (secrets already sealed by `prepare`), the provider's history and the time. */
export function decidePaymentProvider(
  command: PaymentProviderCommand,
  state: PaymentProviderState,
  ctx: DecideContext,
): PaymentProviderEvent[] {
  switch (command.type) {
    case 'PaymentProviderConfigure':
      return state.kind === 'configured' ? reconfigure(command, state.config, ctx) : configure(command)
    case 'PaymentProviderRemove': {
      const { provider } = command.data
      if (state.kind !== 'configured') throw notFound('payment provider', provider)
      return [{ type: 'PaymentProviderRemoved', data: { provider } }]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

const ref = (secret: StashedSecret): SecretRef => ({ secretId: secret.secretId, last4: secret.last4 })

function configure(command: PaymentProviderConfigure): PaymentProviderEvent[] {
  const { provider, secretKey, signingSecret } = command.data
  if (provider === 'STRIPE' && !secretKey)
    throw badInput(
      ['input', 'secretKey'],
      'STRIPE needs secretKey (sk_… or rk_…) the first time it is configured; copy it from the Stripe dashboard, Developers → API keys',
    )
  if (!signingSecret)
    throw badInput(
      ['input', 'webhookSigningSecret'],
      `${provider} needs webhookSigningSecret (whsec_…) the first time it is configured; copy it from the webhook endpoint in the Stripe dashboard`,
    )
  return [
    {
      type: 'PaymentProviderConfigured',
      data: {
        provider,
        secretKey: secretKey ? ref(secretKey) : null,
        signingSecret: ref(signingSecret),
        keyId: signingSecret.keyId,
      },
    },
  ]
}

function reconfigure(
  command: PaymentProviderConfigure,
  config: ConfiguredProvider,
  ctx: DecideContext,
): PaymentProviderEvent[] {
  const { provider, secretKey, signingSecret, overlapSeconds } = command.data
  const events: PaymentProviderEvent[] = []
  if (secretKey)
    events.push({
      type: 'PaymentProviderSecretKeyChanged',
      data: { provider, secretKey: ref(secretKey), keyId: secretKey.keyId },
    })
  const until = (seconds: number) => new Date(ctx.now.getTime() + seconds * 1000).toISOString()
  if (signingSecret) {
    events.push({
      type: 'PaymentProviderSigningSecretRotated',
      data: {
        provider,
        signingSecret: ref(signingSecret),
        previousSigningSecret: config.signingSecret,
        previousValidUntil: until(overlapSeconds ?? DEFAULT_SIGNING_OVERLAP_SECONDS),
        keyId: signingSecret.keyId,
      },
    })
  } else if (overlapSeconds !== null && overlapLasts(config, ctx.now)) {
    events.push({
      type: 'PaymentProviderSigningSecretOverlapChanged',
      data: { provider, previousValidUntil: until(overlapSeconds) },
    })
  }
  return events
}

/** Whether a previous signing secret is still accepted at `now`: only a live overlap can be moved. */
function overlapLasts(config: ConfiguredProvider, now: Date): boolean {
  return config.previousValidUntil !== null && Date.parse(config.previousValidUntil) > now.getTime()
}
