import { previewLinkExpiry, themePreviewLinkCreateInput } from '../../../domain/webstore/theme/commands.js'
import { themePreviewLinkCreate } from '../../../domain/webstore/theme/definitions.js'
import { commandContext, requireScope, requireStore, type Caller } from '../../caller.js'
import { storefrontOrigin } from '../../storefront/origin.js'
import { PREVIEW_PARAM } from '../../storefront/preview.js'
import { previewSigningKey, signPreview } from './preview-token.js'

export interface ThemePreviewLink {
  themeId: string
  /** Opens the storefront with the theme; the first visit turns it into a cookie for the rest of the visit. */
  url: string
  expiresAt: string
  eventPosition: string | null
}

/**
 * Records the link through the command path (`webstore:write`, audited on the theme's history),
 * then signs it: store, theme and expiry under the platform's preview key, so any API node
 * checks it without a lookup and nobody can stretch it to another theme, store or time.
 *
 * @example const { url } = await createThemePreviewLink(caller, { themeId, expiresInSeconds: 3600 })
 */
export async function createThemePreviewLink(caller: Caller, raw: unknown): Promise<ThemePreviewLink> {
  requireScope(caller, 'webstore:write')
  const store = requireStore(caller)
  const ctx = commandContext(caller)
  const result = await caller.platform.executeAndWait(themePreviewLinkCreate, raw, ctx)
  const input = themePreviewLinkCreateInput.parse(raw)
  const expiresAt = previewLinkExpiry(ctx.now, input.expiresInSeconds)
  const token = signPreview(await previewSigningKey(caller.platform), {
    storeId: store.id,
    themeId: input.themeId,
    expiresAt,
  })
  const origin = await storefrontOrigin(caller.platform, store)
  return {
    themeId: input.themeId,
    url: `${origin}/?${PREVIEW_PARAM}=${token}`,
    expiresAt: expiresAt.toISOString(),
    eventPosition: result.position,
  }
}
