import type { PaymentProviderEvent, PaymentProviderName, SecretRef } from './events.js'

export interface ConfiguredProvider {
  provider: PaymentProviderName
  secretKey: SecretRef | null
  signingSecret: SecretRef
  previousSigningSecret: SecretRef | null
  /** ISO-8601; null when no rotation happened yet. */
  previousValidUntil: string | null
}

/** A provider stream is empty, holds a configured provider, or ends in a removal (it may be configured again). */
export type PaymentProviderState =
  { kind: 'empty' } | { kind: 'configured'; config: ConfiguredProvider } | { kind: 'removed' }

export const initialPaymentProviderState = (): PaymentProviderState => ({ kind: 'empty' })

export function evolvePaymentProvider(state: PaymentProviderState, event: PaymentProviderEvent): PaymentProviderState {
  if (event.type === 'PaymentProviderConfigured') {
    const { provider, secretKey, signingSecret } = event.data
    return {
      kind: 'configured',
      config: { provider, secretKey, signingSecret, previousSigningSecret: null, previousValidUntil: null },
    }
  }
  if (event.type === 'PaymentProviderRemoved') return { kind: 'removed' }
  if (state.kind !== 'configured') return state
  const config = state.config
  switch (event.type) {
    case 'PaymentProviderSecretKeyChanged':
      return { kind: 'configured', config: { ...config, secretKey: event.data.secretKey } }
    case 'PaymentProviderSigningSecretRotated':
      return {
        kind: 'configured',
        config: {
          ...config,
          signingSecret: event.data.signingSecret,
          previousSigningSecret: event.data.previousSigningSecret,
          previousValidUntil: event.data.previousValidUntil,
        },
      }
    case 'PaymentProviderSigningSecretOverlapChanged':
      return { kind: 'configured', config: { ...config, previousValidUntil: event.data.previousValidUntil } }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
