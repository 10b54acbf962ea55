import { Liquid, type Context, type Emitter, type FS, type Template } from 'liquidjs'
import { withoutRawBodies } from '../../../domain/webstore/theme/liquid.js'
import type { StorefrontTheme } from '../theme-files.js'
import { registerThemeFilters } from './filters.js'
import { registerThemeTags } from './tags.js'

/**
 * The bounds a theme renders under, so no theme can stall the process or fill its memory: the
 * source it may parse, the time one page may take, the renders (tags, outputs) and allocations
 * it may make, and the HTML it may produce.
 */
export const RENDER_LIMITS = {
  /** Characters of Liquid parsed in one parse (a theme's file is at most 256 KiB). */
  parseLimit: 1_000_000,
  /** Milliseconds one page may spend rendering. */
  renderLimit: 2_000,
  /**
   * Allocation units (string and array lengths) of one page. Also the longest range a loop may
   * build: liquidjs builds `(1..N)` in one synchronous step before any time check, so this bounds
   * how long one range holds the event loop (10 M: a fraction of a second).
   */
  memoryLimit: 10_000_000,
  /** Bytes of HTML one page may produce. */
  outputBytes: 5 * 1024 * 1024,
}

/** The bounds one render runs under: a page's are `RENDER_LIMITS`, a themed error page's `ERROR_PAGE_LIMITS`. */
export type RenderBudget = Pick<typeof RENDER_LIMITS, 'renderLimit' | 'memoryLimit' | 'outputBytes'>

/**
 * A themed error page renders after the page already spent its budget: small bounds of its own, so
 * a theme whose error page fails too costs the request at most this much more before the platform page.
 */
export const ERROR_PAGE_LIMITS: RenderBudget = { renderLimit: 1_000, memoryLimit: 5_000_000, outputBytes: 512 * 1024 }

/**
 * Milliseconds a render may hold the event loop before it lets other requests run. liquidjs drives
 * its renders with promises resolved at once (microtasks), so a loop in a template would hold the
 * process for its whole time budget; between iterations it yields to I/O instead.
 */
const RENDER_SLICE_MS = 10
let sliceStarted = performance.now()

/**
 * liquidjs' `renderTemplates` (every tag body, loop iteration and file goes through it), yielding
 * to the event loop once a slice is spent. Synchronous renders (`renderSync`, Liquid assets) cannot yield.
 */
function yieldingRenderer(liquid: Liquid): void {
  const renderer = liquid.renderer
  const render = renderer.renderTemplates.bind(renderer)
  renderer.renderTemplates = function* (templates: Template[], ctx: Context, emitter?: Emitter) {
    if (!ctx.sync && performance.now() - sliceStarted > RENDER_SLICE_MS) {
      yield new Promise<void>((resolve) => setImmediate(resolve))
      sliceStarted = performance.now()
    }
    return (yield render(templates, ctx, emitter)) as unknown
  } as typeof renderer.renderTemplates
}

/**
 * A file system over the theme's files in the read model: `{% render 'x' %}` and
 * `{% include 'x' %}` read `snippets/x.liquid` and nothing else; there is no disk and no network.
 */
function themeFs(theme: StorefrontTheme): FS {
  const read = (path: string) => {
    const content = theme.files.get(path)
    if (content === undefined) throw new Error(`the theme has no file ${path}`)
    return withoutRawBodies(content)
  }
  return {
    exists: async (path) => theme.files.has(path),
    existsSync: (path) => theme.files.has(path),
    readFile: async (path) => read(path),
    readFileSync: read,
    resolve: (_dir, file) => `snippets/${file.replace(/\.liquid$/, '')}.liquid`,
    contains: async () => true,
    containsSync: () => true,
  }
}

/** A theme's parsed engine: liquidjs with the Shopify tags and filters, reading only the theme's files. */
export interface ThemeEngine {
  liquid: Liquid
  /** A theme file parsed once; null when the theme has no such file. */
  template(path: string): Template[] | null
}

const engines = new Map<string, ThemeEngine>()
const ENGINE_CACHE_SIZE = 100

export function engineFor(theme: StorefrontTheme): ThemeEngine {
  const cached = engines.get(theme.version)
  if (cached) return cached
  const liquid = new Liquid({
    fs: themeFs(theme),
    root: [''],
    relativeReference: false,
    extname: '.liquid',
    cache: true,
    strictFilters: false,
    strictVariables: false,
    lenientIf: true,
    jsTruthy: false,
    parseLimit: RENDER_LIMITS.parseLimit,
    renderLimit: RENDER_LIMITS.renderLimit,
    memoryLimit: RENDER_LIMITS.memoryLimit,
  })
  yieldingRenderer(liquid)
  registerThemeTags(liquid)
  registerThemeFilters(liquid)
  const parsed = new Map<string, Template[] | null>()
  const engine: ThemeEngine = {
    liquid,
    template(path) {
      if (!parsed.has(path)) {
        const source = theme.files.get(path)
        // A schema's `visible_if` or a LiquidDoc body is not Liquid: blanked, so it cannot break the parse.
        parsed.set(path, source === undefined ? null : liquid.parse(withoutRawBodies(source), path))
      }
      return parsed.get(path)!
    },
  }
  if (engines.size >= ENGINE_CACHE_SIZE) engines.delete(engines.keys().next().value!)
  engines.set(theme.version, engine)
  return engine
}
