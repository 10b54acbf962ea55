import { streamName } from '../../shared/streams.js'

export const SETTINGS_CATEGORY = 'settings'

/** `settings-<storeId>_<group>`: one stream per group, so groups change independently. */
export function settingsStream(storeId: string, group: string): string {
  return streamName(SETTINGS_CATEGORY, storeId, group)
}
