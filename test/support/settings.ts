import { ALL_SCOPES, type Scope } from '../../domain/shared/scopes.js'
import { issueApiKey } from '../../app/auth/keys.js'
import { systemContext, type CommandContext } from '../../app/commands/context.js'
import type { TestApp } from './app.js'

/** What an operator at the CLI acts as (app/operations/tenants.ts builds the same). */
export function operator(organizationId: string, now = new Date()): CommandContext {
  return systemContext(
    { organizationId, storeId: null },
    { type: 'system', id: 'cli', name: 'operator' },
    ALL_SCOPES,
    now,
  )
}

/** What `issueApiKey` and the other key operations run on: the app's database and its command path. */
export const keyDeps = (t: TestApp) => ({
  db: t.platform.database.db,
  execute: t.platform.executeAndWait.bind(t.platform),
})

/** A key of the organization that reaches every one of its stores. */
export async function wideKey(
  t: TestApp,
  organizationId: string,
  scopes: readonly Scope[] = ALL_SCOPES,
  name = 'every store',
): Promise<string> {
  return (await issueApiKey(keyDeps(t), { name, scopes, storeIds: null }, operator(organizationId))).apiKey
}

/** Every field of `Store`, so a read-back is compared as a whole. */
export const STORE_FIELDS =
  'id slug name status archivedAt defaultLocale enabledLocales currency timezone weightUnit contactEmail ' +
  'address { line1 line2 city province postalCode countryCode } socialLinks { facebook instagram x tiktok youtube pinterest linkedin } ' +
  'seo { title description } commerceEnabled commerceToggledAt createdAt updatedAt'

/** The audit trail of one entity in a given store (X-Store) as `type@revision`, oldest first. */
export async function auditIn(t: TestApp, apiKey: string, storeId: string, entityId: string): Promise<string[]> {
  const response = await t.gql<{ auditLog: { nodes: { type: string; revision: number }[] } }>(
    apiKey,
    'query ($id: ID) { auditLog(filter: { entityId: $id }, first: 250) { nodes { type revision } } }',
    { id: entityId },
    { 'x-store': storeId },
  )
  if (response.errors) throw new Error(JSON.stringify(response.errors))
  return response.data!.auditLog.nodes.map((entry) => `${entry.type}@${entry.revision}`)
}
