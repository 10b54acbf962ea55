import {
  PAYMENT_PROVIDER_EVENT_TYPES,
  type PaymentProviderEvent,
} from '../../../domain/payments/payment-provider/events.js'
import type { Updateable } from 'kysely'
import { PAYMENT_PROVIDERS_TABLE, type PaymentProviderDb, type PaymentProvidersTable } from './tables.js'
import { storeProjection } from '../../shared/entity-projection.js'
import { deleteInStore } from '../../shared/store-rows.js'

/**
 * The `payment_providers` read model: one row per configured provider of a store, naming its
 * current (and previous) sealed secret rows, guarded by revision against replays. A removal
 * deletes the row; configuring again inserts a fresh one.
 */
export const paymentProvidersProjection = storeProjection({
  version: 1,
  eventTypes: PAYMENT_PROVIDER_EVENT_TYPES,
  tables: [PAYMENT_PROVIDERS_TABLE],
  async apply(event: PaymentProviderEvent, db: PaymentProviderDb, { storeId, recorded }) {
    const at = recorded.metadata.occurredAt
    const change = async (fields: Updateable<PaymentProvidersTable>) => {
      await db
        .updateTable('payment_providers')
        .set({ ...fields, revision: recorded.revision, updated_at: at })
        .where('store_id', '=', storeId)
        .where('provider', '=', event.data.provider)
        .where('revision', '<', recorded.revision)
        .execute()
    }
    switch (event.type) {
      case 'PaymentProviderConfigured': {
        const { provider, secretKey, signingSecret, keyId } = event.data
        const row = {
          secret_key_id: secretKey?.secretId ?? null,
          secret_key_last4: secretKey?.last4 ?? null,
          signing_secret_id: signingSecret.secretId,
          signing_secret_last4: signingSecret.last4,
          previous_signing_secret_id: null,
          previous_signing_secret_last4: null,
          previous_valid_until: null,
          key_id: keyId,
          revision: recorded.revision,
          created_at: at,
          updated_at: at,
        }
        await db
          .insertInto('payment_providers')
          .values({ store_id: storeId, organization_id: recorded.metadata.organizationId, provider, ...row })
          .onConflict((c) =>
            c
              .columns(['store_id', 'provider'])
              .doUpdateSet(row)
              .where('payment_providers.revision', '<', recorded.revision),
          )
          .execute()
        return
      }
      case 'PaymentProviderSecretKeyChanged':
        return change({
          secret_key_id: event.data.secretKey.secretId,
          secret_key_last4: event.data.secretKey.last4,
          key_id: event.data.keyId,
        })
      case 'PaymentProviderSigningSecretRotated':
        return change({
          signing_secret_id: event.data.signingSecret.secretId,
          signing_secret_last4: event.data.signingSecret.last4,
          previous_signing_secret_id: event.data.previousSigningSecret.secretId,
          previous_signing_secret_last4: event.data.previousSigningSecret.last4,
          previous_valid_until: event.data.previousValidUntil,
          key_id: event.data.keyId,
        })
      case 'PaymentProviderSigningSecretOverlapChanged':
        return change({ previous_valid_until: event.data.previousValidUntil })
      case 'PaymentProviderRemoved':
        return deleteInStore(db, 'payment_providers', storeId, { provider: event.data.provider }, recorded.revision)
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
