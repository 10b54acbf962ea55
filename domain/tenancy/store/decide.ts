import type { DecideContext } from '../../shared/context.js'
import { DomainError, badInput, conflict, notFound } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type { StoreArchive, StoreCommand, StoreCreate, StoreRestore, StoreUpdate } from './commands.js'
import type { SocialLinks } from './config.js'
import type { StoreEvent } from './events.js'
import { evolveStore, initialStore, type Store, type StoreConfig } from './store.js'

/** Every new store starts in English and US dollars; store configuration changes them later. */
export const DEFAULT_LOCALE = 'en'
export const DEFAULT_CURRENCY = 'USD'

export function decideStore(command: StoreCommand, state: Store, _ctx: DecideContext): StoreEvent[] {
  switch (command.type) {
    case 'StoreCreate':
      return create(command, state)
    case 'StoreUpdate':
      return update(command, state)
    case 'StoreArchive':
      return archive(command, state)
    case 'StoreRestore':
      return restore(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: StoreCreate, state: Store): StoreEvent[] {
  const { storeId, organizationId, name, slug } = command.data
  if (state.status !== 'absent') throw conflict(`store '${storeId}' already exists`)
  return [
    {
      type: 'StoreCreated',
      data: { storeId, organizationId, name, slug, defaultLocale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY },
    },
  ]
}

/** One event per concern that really changes, so an update that changes nothing records nothing. */
function update(command: StoreUpdate, state: Store): StoreEvent[] {
  const current = activeStore(state, command.data.storeId)
  const { storeId, name, timezone, weightUnit, contactEmail, address, currency } = command.data
  const events: StoreEvent[] = []
  if (name !== undefined && name !== current.name) events.push({ type: 'StoreRenamed', data: { storeId, name } })

  const locales = nextLocales(command, current)
  if (locales) events.push({ type: 'StoreLocalesChanged', data: { storeId, ...locales } })
  if (currency !== undefined && currency !== current.currency) {
    events.push({ type: 'StoreCurrencyChanged', data: { storeId, from: current.currency, to: currency } })
  }
  if (timezone !== undefined && timezone !== current.timezone)
    events.push({ type: 'StoreTimezoneChanged', data: { storeId, timezone } })
  if (weightUnit !== undefined && weightUnit !== current.weightUnit)
    events.push({ type: 'StoreWeightUnitChanged', data: { storeId, weightUnit } })
  if (contactEmail !== undefined && contactEmail !== current.contactEmail) {
    events.push({ type: 'StoreContactEmailChanged', data: { storeId, contactEmail } })
  }
  if (address !== undefined && !sameRecord(address, current.address))
    events.push({ type: 'StoreAddressChanged', data: { storeId, address: { ...address } } })

  if (command.data.socialLinks !== undefined) {
    const socialLinks = mergeLinks(current.socialLinks, command.data.socialLinks)
    if (!sameRecord(socialLinks, current.socialLinks))
      events.push({ type: 'StoreSocialLinksChanged', data: { storeId, socialLinks } })
  }
  if (command.data.seo !== undefined) {
    const seo = { ...current.seo, ...command.data.seo }
    if (!sameRecord(seo, current.seo)) events.push({ type: 'StoreSeoChanged', data: { storeId, seo } })
  }
  return events
}

/**
 * The locales after the update, or null when they stay. The default must be enabled: a default
 * given alone joins the enabled list; a list given alone must hold the current default.
 */
function nextLocales(
  command: StoreUpdate,
  current: StoreConfig,
): { defaultLocale: string; enabledLocales: string[] } | null {
  const { defaultLocale, enabledLocales } = command.data
  if (defaultLocale === undefined && enabledLocales === undefined) return null
  const nextDefault = defaultLocale ?? current.defaultLocale
  let nextEnabled = enabledLocales ?? current.enabledLocales
  if (enabledLocales === undefined && !nextEnabled.includes(nextDefault)) nextEnabled = [...nextEnabled, nextDefault]
  if (!nextEnabled.includes(nextDefault)) {
    const field = defaultLocale !== undefined ? 'defaultLocale' : 'enabledLocales'
    throw badInput(
      ['input', field],
      `enabledLocales (${nextEnabled.join(', ')}) must include the default locale '${nextDefault}'; add it to the list or choose another default`,
    )
  }
  if (nextDefault === current.defaultLocale && sameList(nextEnabled, current.enabledLocales)) return null
  return { defaultLocale: nextDefault, enabledLocales: [...nextEnabled] }
}

function archive(command: StoreArchive, state: Store): StoreEvent[] {
  if (state.status === 'absent') throw notFound('store', command.data.storeId)
  // Archiving twice changes nothing: the caller's intent already holds.
  return state.status === 'archived' ? [] : [{ type: 'StoreArchived', data: { storeId: state.id } }]
}

function restore(command: StoreRestore, state: Store): StoreEvent[] {
  if (state.status === 'absent') throw notFound('store', command.data.storeId)
  return state.status === 'active' ? [] : [{ type: 'StoreRestored', data: { storeId: state.id } }]
}

/**
 * The configuration of a live store. Another organization's store lives in a stream named after
 * that organization, so here it looks exactly like one that never existed: NOT_FOUND.
 */
export function activeStore(state: Store, storeId: string): StoreConfig {
  if (state.status === 'absent') throw notFound('store', storeId)
  if (state.status === 'archived') {
    throw new DomainError(
      'FORBIDDEN',
      `store '${state.slug}' is archived; restore it with storeRestore before changing it`,
    )
  }
  return state.config
}

/** An empty link removes the network; a link given replaces it; networks not named stay. */
function mergeLinks(current: SocialLinks, change: SocialLinks): SocialLinks {
  const merged: SocialLinks = { ...current }
  for (const [network, url] of Object.entries(change) as [keyof SocialLinks, string][]) {
    if (url === '') delete merged[network]
    else merged[network] = url
  }
  return merged
}

function sameRecord(a: object | null, b: object | null): boolean {
  if (a === null || b === null) return a === b
  const left = Object.entries(a).sort(([x], [y]) => x.localeCompare(y))
  const right = Object.entries(b).sort(([x], [y]) => x.localeCompare(y))
  return JSON.stringify(left) === JSON.stringify(right)
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

export const storeDecider: Decider<Store, StoreCommand, StoreEvent> = {
  initialState: initialStore,
  evolve: evolveStore,
  decide: decideStore,
}
