import type { Reaction } from '../../shared/reaction.js'

/**
 * Every new store gets the default theme as its main theme. `themeInstallDefault` writes a theme
 * whose id derives from the store id, so a replayed StoreCreated finds it installed and does nothing.
 */
export const installDefaultThemeOnStoreCreated: Reaction = {
  name: 'install-default-theme',
  eventTypes: ['StoreCreated'],
  scopes: ['webstore:write'],
  react: (event) => [
    {
      command: 'themeInstallDefault',
      input: {},
      organizationId: event.organizationId,
      storeId: String(event.data.storeId),
    },
  ],
}
