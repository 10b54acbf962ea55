import { z } from 'zod'
import type { PaymentProviderRow } from '../../../projections/payments/payment-provider/tables.js'
import { isoString } from '../../shared/connection.js'

/**
 * A configured payment provider as GraphQL's `PaymentProviderSettings` and the MCP tools serve
 * it: which secrets are set, by their last 4 characters — never a secret.
 */
export const paymentProviderViewSchema = z.object({
  provider: z.enum(['STRIPE', 'TEST']),
  secretKeyLast4: z.string().nullable().describe('Last 4 characters of the API secret key; null for TEST.'),
  signingSecretLast4: z.string().describe('Last 4 characters of the current webhook signing secret.'),
  previousSigningSecretLast4: z
    .string()
    .nullable()
    .describe('Last 4 characters of the previous signing secret while it is still accepted; null otherwise.'),
  previousSigningSecretValidUntil: z
    .string()
    .nullable()
    .describe(
      'Until when webhooks signed with the previous signing secret are accepted (ISO-8601); null when none is.',
    ),
  keyId: z.string().describe('Id of the platform key (SECRETS_KEY) that sealed the newest secret, for key rotation.'),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type PaymentProviderView = z.infer<typeof paymentProviderViewSchema>

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toPaymentProviderView(row: PaymentProviderRow, now: Date = new Date()): PaymentProviderView {
  const overlap = row.previous_valid_until && row.previous_valid_until.getTime() > now.getTime()
  return {
    provider: row.provider,
    secretKeyLast4: row.secret_key_last4,
    signingSecretLast4: row.signing_secret_last4,
    previousSigningSecretLast4: overlap ? row.previous_signing_secret_last4 : null,
    previousSigningSecretValidUntil: overlap ? isoString(row.previous_valid_until!) : null,
    keyId: row.key_id,
    createdAt: isoString(row.created_at),
    updatedAt: isoString(row.updated_at),
  }
}
