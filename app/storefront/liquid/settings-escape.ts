import type { SettingEntry } from '../../../domain/webstore/theme/setting-definitions.js'
import { escapeHtml } from './escape.js'

/** Shopify's setting types whose values are markup by design; every other string is text and is escaped. */
const MARKUP_SETTINGS = new Set(['richtext', 'inline_richtext', 'html', 'liquid'])

/** Text settings escaped: a merchant's heading is data, even when it holds '<'. */
export function escapeSettings(
  values: Record<string, unknown>,
  definitions: readonly SettingEntry[] | undefined,
): Record<string, unknown> {
  const markup = new Set(
    (definitions ?? []).filter((d) => 'id' in d && MARKUP_SETTINGS.has(d.type)).map((d) => (d as { id: string }).id),
  )
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' && !markup.has(key) ? escapeHtml(value) : value,
    ]),
  )
}
