// The shape of config/settings_data.json: which values `current` stands for, and what makes the file unreadable.

/**
 * Keys Shopify keeps in `current` beside the setting values (section state of older themes);
 * they are carried along, never checked against settings_schema.json.
 */
export const SETTINGS_DATA_RESERVED_KEYS: readonly string[] = ['sections', 'content_for_index', 'blocks']

/**
 * The values `current` stands for in a parsed settings_data.json: the object itself, or, when
 * it names a preset (`"current": "Default"`, as Shopify ships its themes), that preset's values.
 */
export function currentOf(data: unknown): Record<string, unknown> {
  if (!isRecord(data)) return {}
  const { current, presets } = data
  if (isRecord(current)) return { ...current }
  if (typeof current === 'string' && isRecord(presets) && isRecord(presets[current])) return { ...presets[current] }
  return {}
}

/** What is wrong with the shape of a parsed settings_data.json, or null. */
export function settingsDataProblem(data: unknown): string | null {
  if (!isRecord(data)) return 'settings_data.json must be an object {"current": {…}}'
  const { current, presets } = data
  if (presets !== undefined && !isRecord(presets))
    return 'settings_data.json presets must be an object of preset name → settings'
  if (current === undefined || isRecord(current)) return null
  if (typeof current !== 'string')
    return 'settings_data.json current must be an object of settings or the name of one of its presets'
  if (!isRecord(presets) || !isRecord(presets[current])) {
    const names = isRecord(presets) ? Object.keys(presets) : []
    return `settings_data.json current names the preset '${current}', which presets does not hold (${names.length ? `it has ${names.join(', ')}` : 'it has none'})`
  }
  return null
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
