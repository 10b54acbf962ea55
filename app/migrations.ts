import type { Migrations } from '../infra/database/migrate.js'
import { eventStoreMigrations } from '../infra/eventstore/postgres/schema.js'
import { projectionMigrations } from '../infra/projections/schema.js'
import { accountMigrations } from './auth/account-tables.js'
import { apiKeySecretMigrations } from './auth/secrets.js'
import { reactionMigrations } from './reactions/schema.js'
import { customerIdentityMigrations } from './orders/customer/identities.js'
import { paymentSecretMigrations } from './payments/provider/secrets.js'
import { testSessionMigrations } from './payments/provider/test-sessions.js'
import { themeRenderErrorMigrations } from './storefront/render-errors.js'

/**
 * Every table the platform owns (read models aside: their projections create them). Apart from
 * the platform's start, the tests' global setup migrates one snapshot from it per run.
 */
export const platformMigrations: Migrations = {
  ...eventStoreMigrations,
  ...projectionMigrations,
  ...apiKeySecretMigrations,
  ...accountMigrations,
  ...reactionMigrations,
  ...customerIdentityMigrations,
  ...paymentSecretMigrations,
  ...testSessionMigrations,
  ...themeRenderErrorMigrations,
}
