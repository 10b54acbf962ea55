import {
  defineCommand,
  organizationWrite,
  type PrepareEnv,
  type Prepared,
  type UniquenessChange,
  storeWrite,
} from '../../shared/command.js'
import { givenFields } from '../../shared/strict-input.js'
import type { DecideContext } from '../../shared/context.js'
import { badInput } from '../../shared/errors.js'
import { reservationChanges } from '../../shared/reservations.js'
import {
  storeArchiveInput,
  storeCreateInput,
  storeRestoreInput,
  storeUpdateInput,
  type StoreCreate,
  type StoreUpdate,
} from './commands.js'
import type { SocialLinks } from './config.js'
import { storeDecider } from './decide.js'
import type { StoreEvent } from './events.js'
import { SLUG_UNIQUENESS_SCOPE, STORE_CATEGORY, slugUniquenessKey, storeStream } from './streams.js'

/**
 * Creating and restoring a store are organization-level: restore is the one store command an
 * archived store's credentials may run, so it names the store itself. Archiving acts on the
 * selected store.
 */
const SETTINGS = organizationWrite(STORE_CATEGORY, 'settings:write', { decider: storeDecider })

export const storeCreate = defineCommand({
  name: 'storeCreate',
  tool: 'create_store',
  description:
    "Creates a store in the organization with a name and a slug (its subdomain: 3-40 lowercase letters, digits and hyphens, unique across the platform, not a reserved name such as www, admin, api, mcp or internal). It starts with locale 'en', currency USD and commerce off. Returns the store id.",
  ...SETTINGS,
  annotations: { destructive: false, idempotent: false },
  input: storeCreateInput,
  prepare(input, env) {
    const storeId = env.newId()
    const organizationId = env.ctx.organizationId
    const command: StoreCreate = {
      type: 'StoreCreate',
      data: { storeId, organizationId, name: input.name, slug: input.slug },
    }
    return onStore(env, storeId, command)
  },
  uniqueness: (events) => events.flatMap(slugClaims),
})

export const storeUpdate = defineCommand({
  name: 'storeUpdate',
  tool: 'update_store',
  description:
    'Changes the configuration of the selected store: name, defaultLocale and enabledLocales (BCP-47 tags; the default must be enabled), ' +
    'currency (ISO 4217), timezone (IANA, e.g. Europe/Berlin), weightUnit (KG, G, LB, OZ), contactEmail, address (countryCode required), ' +
    'socialLinks (https URLs per network; an empty string removes one) and seo {title, description}. Send only what should change: ' +
    'omitted or null fields stay. Sending values the store already has changes nothing. Returns the store. Fails with FORBIDDEN on an archived store.',
  ...storeWrite(STORE_CATEGORY, 'settings:write', { decider: storeDecider }),
  annotations: { destructive: false, idempotent: true },
  input: storeUpdateInput,
  prepare(input, env) {
    const storeId = targetStore(input.id, env.ctx)
    const { id: _id, socialLinks, seo, ...changes } = input
    const command: StoreUpdate = {
      type: 'StoreUpdate',
      data: {
        storeId,
        ...givenFields(changes),
        socialLinks: socialLinks ? (given(socialLinks) as SocialLinks) : undefined,
        seo: seo ? given(seo) : undefined,
      },
    }
    return onStore(env, storeId, command)
  },
})

export const storeArchive = defineCommand({
  name: 'storeArchive',
  tool: 'archive_store',
  description:
    'Archives the selected store: its storefront goes offline and its keys can no longer work on it (FORBIDDEN) until storeRestore. ' +
    'Nothing is deleted and its slug stays taken. Archiving an archived store changes nothing.',
  ...SETTINGS,
  storeScoped: true,
  annotations: { destructive: true, idempotent: true },
  input: storeArchiveInput,
  prepare(input, env) {
    const storeId = targetStore(input.id, env.ctx)
    return onStore(env, storeId, { type: 'StoreArchive', data: { storeId } })
  },
})

export const storeRestore = defineCommand({
  name: 'storeRestore',
  tool: 'restore_store',
  description: 'Restores an archived store, found by id, as it was. Restoring an active store changes nothing.',
  ...SETTINGS,
  annotations: { destructive: false, idempotent: true },
  input: storeRestoreInput,
  prepare: (input, env) => onStore(env, input.id, { type: 'StoreRestore', data: { storeId: input.id } }),
})

/** Where a command on a store goes: the store's stream in the caller's organization. */
export function onStore<Command>(env: PrepareEnv, storeId: string, command: Command): Prepared<Command> {
  return { stream: storeStream(env.ctx.organizationId, storeId), command, entityId: storeId }
}

/**
 * The store a command works on: the one it names, which must be the selected store, or the
 * selected store. A transport that lets the caller name another store selects it first (after
 * checking the credential reaches it), so the events carry the store they are about.
 */
export function targetStore(id: string | null | undefined, ctx: DecideContext): string {
  const storeId = id ?? ctx.storeId
  if (!storeId)
    throw badInput(['input', 'id'], 'name the store with id, or select it with the X-Store header (store id or slug)')
  if (ctx.storeId && storeId !== ctx.storeId) {
    throw badInput(
      ['input', 'id'],
      `id '${storeId}' is not the selected store; select it with the X-Store header or leave id out`,
    )
  }
  return storeId
}

/** Drops the keys left out (undefined or null): only the given ones change. */
function given<Value>(record: Record<string, Value | null | undefined>): Record<string, Value> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== null),
  ) as Record<string, Value>
}

/** A created store claims its slug; a later rename would release the old one and claim the new. */
function slugClaims(event: StoreEvent): UniquenessChange[] {
  if (event.type !== 'StoreCreated') return []
  const { storeId, slug } = event.data
  const { claim } = reservationChanges(SLUG_UNIQUENESS_SCOPE, slugUniquenessKey, ['input', 'slug'])
  return [claim(slug, storeId, `store slug '${slug}' is taken; choose another`)]
}

export const storeDefinitions = [storeCreate, storeUpdate, storeArchive, storeRestore] as const
