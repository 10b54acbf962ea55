import type { Context } from 'liquidjs'

/**
 * What the theme tags need from the request being rendered: sections, section groups, pages of
 * lists and the locale's URLs. One per rendered page, found through the render's globals (a
 * WeakMap, so nothing of it is reachable from a template).
 */
export interface PageRuntime {
  renderStaticSection(type: string, ctx: Context): Promise<string>
  renderSectionGroup(group: string, ctx: Context): Promise<string>
  /** The scope a `{% paginate owner.list by size %}` block renders in: the page of the list under its name and `paginate`. */
  paginate(owner: unknown, path: readonly string[], size: number): Promise<Record<string, unknown>>
  /** A storefront path in the request's locale (`/cart/add` → `/fr/cart/add`). */
  localized(path: string): string
  /** ISO 4217 code prices are in, and the BCP-47 locale they are formatted for. */
  currency: string
  locale: string
  /** `asset_url`: where a theme asset is served. */
  assetUrl(name: string): string
  /** `t`: a string of the theme's locale files, interpolated, or null when no locale file has the key. */
  translate(key: string, variables: Record<string, unknown>): string | null
  /** `{% content_for 'blocks' %}` and `{% content_for 'block', type:, id: %}`: theme blocks rendered in place. */
  blocks: {
    renderAll(ctx: Context): Promise<string>
    renderStatic(ctx: Context, type: string, id: string, extra: Record<string, unknown>): Promise<string>
  }
  /** Set by `{% layout %}` in a Liquid template: the layout to wrap it in, null for none. */
  layout: string | null | undefined
}

const runtimes = new WeakMap<object, PageRuntime>()

export function attachRuntime(globals: object, runtime: PageRuntime): void {
  runtimes.set(globals, runtime)
}

export function runtimeOf(ctx: Context): PageRuntime {
  const runtime = runtimes.get(ctx.globals as object)
  if (!runtime) throw new Error('a storefront tag was rendered outside a storefront page')
  return runtime
}
