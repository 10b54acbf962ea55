import type { SocialLinks, StoreAddress, StoreSeo, WeightUnit } from './config.js'
import type { StoreEvent } from './events.js'

/** A store's configuration as decisions and the read model see it. */
export interface StoreConfig {
  name: string
  defaultLocale: string
  enabledLocales: string[]
  currency: string
  timezone: string
  weightUnit: WeightUnit
  contactEmail: string
  address: StoreAddress | null
  socialLinks: SocialLinks
  seo: StoreSeo
}

/** What decisions about a store need to know. An archived store keeps everything and may be restored. */
export type Store =
  | { status: 'absent' }
  | {
      status: 'active' | 'archived'
      id: string
      organizationId: string
      slug: string
      config: StoreConfig
      commerceEnabled: boolean
    }

export const initialStore = (): Store => ({ status: 'absent' })

/** The configuration of a store just created: what `StoreCreated` says, defaults for the rest. */
export function initialConfig(name: string, defaultLocale: string, currency: string): StoreConfig {
  return {
    name,
    defaultLocale,
    enabledLocales: [defaultLocale],
    currency,
    timezone: 'UTC',
    weightUnit: 'KG',
    contactEmail: '',
    address: null,
    socialLinks: {},
    seo: { title: '', description: '' },
  }
}

export function evolveStore(state: Store, event: StoreEvent): Store {
  if (event.type === 'StoreCreated') {
    const { storeId, organizationId, name, slug, defaultLocale, currency } = event.data
    return {
      status: 'active',
      id: storeId,
      organizationId,
      slug,
      config: initialConfig(name, defaultLocale, currency),
      commerceEnabled: false,
    }
  }
  if (state.status === 'absent') return state
  const config = (change: Partial<StoreConfig>): Store => ({ ...state, config: { ...state.config, ...change } })
  switch (event.type) {
    case 'StoreRenamed':
      return config({ name: event.data.name })
    case 'StoreLocalesChanged':
      return config({ defaultLocale: event.data.defaultLocale, enabledLocales: [...event.data.enabledLocales] })
    case 'StoreCurrencyChanged':
      return config({ currency: event.data.to })
    case 'StoreTimezoneChanged':
      return config({ timezone: event.data.timezone })
    case 'StoreWeightUnitChanged':
      return config({ weightUnit: event.data.weightUnit })
    case 'StoreContactEmailChanged':
      return config({ contactEmail: event.data.contactEmail })
    case 'StoreAddressChanged':
      return config({ address: { ...event.data.address } })
    case 'StoreSocialLinksChanged':
      return config({ socialLinks: { ...event.data.socialLinks } })
    case 'StoreSeoChanged':
      return config({ seo: { ...event.data.seo } })
    case 'StoreArchived':
      return { ...state, status: 'archived' }
    case 'StoreRestored':
      return { ...state, status: 'active' }
    case 'StoreCommerceToggled':
      return { ...state, commerceEnabled: event.data.enabled }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
