import { eventTypes, type DomainEvent } from '../../shared/event.js'

/**
 * A secret as events know it: the id of its sealed row in the secrets table and its last 4
 * characters, never the secret. Events are forever and exported; the secret stays deletable.
 */
export type SecretRef = { secretId: string; last4: string }

export type PaymentProviderName = 'STRIPE' | 'TEST'

/** `keyId` names the platform key (SECRETS_KEY) that sealed the secrets written with the event. */
export type PaymentProviderConfigured = DomainEvent<
  'PaymentProviderConfigured',
  { provider: PaymentProviderName; secretKey: SecretRef | null; signingSecret: SecretRef; keyId: string }
>
/** A new API secret key (Stripe's `sk_…`/`rk_…`); the old one stops being used at once. */
export type PaymentProviderSecretKeyChanged = DomainEvent<
  'PaymentProviderSecretKeyChanged',
  { provider: PaymentProviderName; secretKey: SecretRef; keyId: string }
>
/** A new webhook signing secret; the previous one is still accepted until `previousValidUntil` (ISO-8601). */
export type PaymentProviderSigningSecretRotated = DomainEvent<
  'PaymentProviderSigningSecretRotated',
  {
    provider: PaymentProviderName
    signingSecret: SecretRef
    previousSigningSecret: SecretRef
    previousValidUntil: string
    keyId: string
  }
>
/** The overlap of the last rotation ends at another time (`0` seconds: now). */
export type PaymentProviderSigningSecretOverlapChanged = DomainEvent<
  'PaymentProviderSigningSecretOverlapChanged',
  { provider: PaymentProviderName; previousValidUntil: string }
>
export type PaymentProviderRemoved = DomainEvent<'PaymentProviderRemoved', { provider: PaymentProviderName }>

export type PaymentProviderEvent =
  | PaymentProviderConfigured
  | PaymentProviderSecretKeyChanged
  | PaymentProviderSigningSecretRotated
  | PaymentProviderSigningSecretOverlapChanged
  | PaymentProviderRemoved

/** Every payment provider event type, for the projection's subscription. */
export const PAYMENT_PROVIDER_EVENT_TYPES = eventTypes<PaymentProviderEvent>({
  PaymentProviderConfigured: true,
  PaymentProviderSecretKeyChanged: true,
  PaymentProviderSigningSecretRotated: true,
  PaymentProviderSigningSecretOverlapChanged: true,
  PaymentProviderRemoved: true,
})
