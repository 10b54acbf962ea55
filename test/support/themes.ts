import { zipSync, strToU8 } from 'fflate'
import { defaultThemeFiles } from '../../domain/webstore/theme/default-theme.js'
import type { TestApp } from './app.js'

export const THEME_FIELDS = 'id name role source sourceThemeId createdAt updatedAt'
export type ThemeView = { id: string; name: string; role: string; source: string; sourceThemeId: string | null }

/** The store's main theme once the reaction to StoreCreated has installed it (it runs beside the projections). */
export async function untilMainTheme(t: TestApp, apiKey: string, timeoutMs = 10_000): Promise<ThemeView> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const result = await t.gql<{ mainTheme: ThemeView | null }>(apiKey, `{ mainTheme { ${THEME_FIELDS} } }`)
    if (result.data?.mainTheme) return result.data.mainTheme
    if (Date.now() > deadline)
      throw new Error(`no main theme after ${timeoutMs} ms: ${JSON.stringify(result.errors ?? result.data)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A theme zip (base64): the default theme's files with `changes` applied (null deletes), optionally inside a folder. */
export function themeZip(changes: Record<string, string | Uint8Array | null> = {}, folder = ''): string {
  const entries: Record<string, Uint8Array> = {}
  for (const file of defaultThemeFiles()) entries[folder + file.path] = strToU8(file.content)
  for (const [path, content] of Object.entries(changes)) {
    if (content === null) delete entries[folder + path]
    else entries[folder + path] = typeof content === 'string' ? strToU8(content) : content
  }
  return Buffer.from(zipSync(entries)).toString('base64')
}
