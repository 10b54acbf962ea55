import { z } from 'zod'
import type { StashedSecret } from '../../shared/command.js'
import { named } from '../../shared/input-names.js'
import { strictInput } from '../../shared/strict-input.js'
import type { PaymentProviderName } from './events.js'

/** Default overlap of a rotated signing secret: a day, time enough to update the provider's dashboard. */
export const DEFAULT_SIGNING_OVERLAP_SECONDS = 24 * 60 * 60
/** Longest overlap: a week. */
export const MAX_SIGNING_OVERLAP_SECONDS = 7 * 24 * 60 * 60

const providerInput = named(
  z.enum(['STRIPE', 'TEST'], { error: 'provider must be STRIPE or TEST' }),
  'PaymentProviderKind',
).describe('STRIPE (Stripe Checkout through its API) or TEST (the offline provider: a local pay page, no network).')

// Messages never echo the value: it is a secret, and errors reach logs and clients.
const secretKeyInput = z
  .string({ error: 'secretKey must be a string' })
  .regex(
    /^(sk|rk)_(live|test)_[0-9A-Za-z]{8,240}$/,
    'secretKey must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_live_…, rk_test_…); copy it from the Stripe dashboard, Developers → API keys',
  )
  .describe(
    'STRIPE only: the API secret key (sk_…) or restricted key (rk_…). Stored encrypted; only its last 4 characters are ever shown.',
  )

const signingSecretInput = z
  .string({ error: 'webhookSigningSecret must be a string' })
  .regex(
    /^whsec_[0-9A-Za-z+/=_-]{16,200}$/,
    'webhookSigningSecret must be a webhook signing secret (whsec_…); copy it from the webhook endpoint in the Stripe dashboard',
  )
  .describe(
    "The webhook endpoint's signing secret (whsec_…). For TEST one is generated when none is given. A new one replaces the current one, which stays valid for signingSecretOverlapSeconds.",
  )

export const paymentProviderConfigureInput = strictInput('paymentProviderConfigure', {
  provider: providerInput,
  secretKey: secretKeyInput.nullish(),
  webhookSigningSecret: signingSecretInput.nullish(),
  signingSecretOverlapSeconds: z
    .number({ error: 'signingSecretOverlapSeconds must be a number of seconds' })
    .int('signingSecretOverlapSeconds must be a whole number of seconds')
    .min(0, 'signingSecretOverlapSeconds must be 0 (end the overlap now) or more')
    .max(
      MAX_SIGNING_OVERLAP_SECONDS,
      `signingSecretOverlapSeconds must be at most ${MAX_SIGNING_OVERLAP_SECONDS} (7 days)`,
    )
    .nullish()
    .describe(
      'How long the previous signing secret stays valid after a new one is set: default 86400 (24 h), at most 604800 (7 days), 0 ends it now. Given alone, moves the end of the current overlap.',
    ),
}).superRefine((input, ctx) => {
  if (input.provider === 'TEST' && input.secretKey)
    ctx.addIssue({
      code: 'custom',
      path: ['secretKey'],
      message: 'the TEST provider takes no secretKey; leave it out (only STRIPE has an API key)',
    })
})

export const paymentProviderRemoveInput = strictInput('paymentProviderRemove', { provider: providerInput })

/** Secrets sealed by `prepare`: the command carries their row ids and last 4 characters, never the values. */
export type PaymentProviderConfigure = {
  type: 'PaymentProviderConfigure'
  data: {
    provider: PaymentProviderName
    secretKey: StashedSecret | null
    signingSecret: StashedSecret | null
    /** null = not given: the default for a rotation, no change otherwise. */
    overlapSeconds: number | null
  }
}
export type PaymentProviderRemove = { type: 'PaymentProviderRemove'; data: { provider: PaymentProviderName } }

export type PaymentProviderCommand = PaymentProviderConfigure | PaymentProviderRemove
