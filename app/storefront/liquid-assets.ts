import { createHash } from 'node:crypto'
import { withoutRawBodies } from '../../domain/webstore/theme/liquid.js'
import { themeAssetUrl } from './assets.js'
import { engineFor } from './liquid/engine.js'
import { attachRuntime, type PageRuntime } from './liquid/runtime.js'
import type { StorefrontTheme } from './theme-files.js'

/** Text assets Shopify renders as Liquid before serving them under the name without `.liquid`. */
const LIQUID_ASSET = /^assets\/(.+\.(?:css|js|svg))\.liquid$/

const notInAnAsset = () => Promise.reject(new Error('a theme asset has no page: only settings and filters render'))

/**
 * The theme's `assets/<name>.liquid` files rendered with the theme `settings` (colours, fonts a
 * merchant picks), by served path, each with a checksum that changes with its source and the
 * settings. An asset that also exists without `.liquid` is left to that file. A Liquid mistake
 * renders as a CSS/JS comment saying where, not as a failed page.
 */
export function renderLiquidAssets(
  theme: StorefrontTheme,
  storeId: string,
): Map<string, { content: string; checksum: string }> {
  const rendered = new Map<string, { content: string; checksum: string }>()
  const engine = engineFor(theme)
  for (const [path, source] of theme.files) {
    const name = LIQUID_ASSET.exec(path)?.[1]
    if (!name || theme.files.has(`assets/${name}`)) continue
    const globals = { settings: theme.settings }
    const runtime: PageRuntime = {
      renderStaticSection: notInAnAsset,
      renderSectionGroup: notInAnAsset,
      paginate: notInAnAsset,
      blocks: { renderAll: notInAnAsset, renderStatic: notInAnAsset },
      localized: (to) => to,
      currency: 'USD',
      locale: 'en',
      assetUrl: (asset) => themeAssetUrl(theme, storeId, asset),
      translate: () => null,
      layout: undefined,
    }
    attachRuntime(globals, runtime)
    let content: string
    try {
      content = engine.liquid.renderSync(engine.liquid.parse(withoutRawBodies(source), path), {}, { globals }) as string
    } catch (error) {
      content = `/* Liquid error in ${path}: ${String((error as Error).message).replace(/\*\//g, '* /')} */\n`
    }
    const checksum = createHash('sha256')
      .update(theme.textChecksums.get(path) ?? '')
      .update(JSON.stringify(theme.settings))
      .digest('hex')
    rendered.set(`assets/${name}`, { content, checksum })
  }
  return rendered
}
