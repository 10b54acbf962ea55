import { defineCommand, storeWrite } from '../../shared/command.js'
import { badInput } from '../../shared/errors.js'
import { globalSettingsUpdateInput, type GlobalSettingsUpdate } from './commands.js'
import { globalSettingsDecider } from './decide.js'
import { SETTINGS_GROUPS, type AnyGroupValues } from './groups.js'
import { SETTINGS_CATEGORY, settingsStream } from './streams.js'

export const globalSettingsUpdate = defineCommand({
  name: 'globalSettingsUpdate',
  tool: 'update_global_settings',
  description:
    `Changes one group of the selected store's global settings: give exactly one of ${SETTINGS_GROUPS.join(', ')} with the fields to change, e.g. {maintenance: {enabled: true, message: "Back soon"}}. ` +
    'checkout {termsText, thankYouMessage, orderNotesEnabled, requirePhone, shippingRates [{name, amount in minor units}], taxRate (basis points, 2000 = 20%), taxInclusive, reservationMinutes (1–120)}; analytics {googleAnalyticsId G-…, googleTagManagerId GTM-…, metaPixelId}; ' +
    'social {xHandle, facebookAppId, defaultShareImageUrl}; legal {privacyPolicyPage, termsOfServicePage, refundPolicyPage, shippingPolicyPage, imprintPage} (page handles); ' +
    'maintenance {enabled, message} (enabling needs a message). Only the given fields change; an empty string clears a text. Returns the group.',
  ...storeWrite(SETTINGS_CATEGORY, 'settings:write'),
  annotations: { destructive: false, idempotent: true },
  input: globalSettingsUpdateInput,
  prepare(input, env) {
    const storeId = env.ctx.storeId
    if (!storeId)
      throw badInput(['input'], 'settings belong to a store: select it with the X-Store header (store id or slug)')
    const values = Object.fromEntries(
      Object.entries(input.values).filter(([, value]) => value !== undefined && value !== null),
    ) as AnyGroupValues
    const command: GlobalSettingsUpdate = {
      type: 'GlobalSettingsUpdate',
      data: { storeId, group: input.group, values },
    }
    return { stream: settingsStream(storeId, input.group), command, entityId: input.group }
  },
  decider: globalSettingsDecider,
})

export const globalSettingsDefinitions = [globalSettingsUpdate] as const
