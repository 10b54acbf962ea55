import { Context, Drop, type Emitter } from 'liquidjs'
import { sectionRenderData } from '../../domain/webstore/theme/sections-render.js'
import { parseTemplate, type SectionInstance } from '../../domain/webstore/theme/sections-template.js'
import { drive } from './liquid/drive.js'
import { escapeHtml } from './liquid/escape.js'
import { engineFor, RENDER_LIMITS, type RenderBudget, type ThemeEngine } from './liquid/engine.js'
import { pageNumber, paginateObject } from './liquid/pagination.js'
import { attachRuntime, type PageRuntime } from './liquid/runtime.js'
import { escapeSettings } from './liquid/settings-escape.js'
import { paginatorOf } from './objects/paginators.js'
import { bindSection, ThemeBlocks } from './theme-blocks.js'
import type { StorefrontTheme } from './theme.js'

/** A theme went past a render bound (time, memory, output): the request gets the error page. */
export class RenderLimitError extends Error {}

/** An emitter that stops the render once the page's HTML passes its bound. */
class BoundedEmitter implements Emitter {
  buffer = ''
  constructor(private readonly budget: OutputBudget) {}
  write(html: unknown): void {
    const text = html == null ? '' : String(html)
    this.budget.left -= text.length
    if (this.budget.left < 0) throw new RenderLimitError(`the page is larger than ${this.budget.bytes} bytes`)
    this.buffer += text
  }
}

/** What is left of a page's HTML budget, shared by every emitter of the page. */
interface OutputBudget {
  left: number
  readonly bytes: number
}

/** A drop seen inside `{% paginate %}`: the paged list under its name, everything else read from the drop itself. */
class PagedDrop extends Drop {
  readonly #inner: Drop
  readonly #property: string
  readonly #items: unknown[]
  constructor(inner: Drop, property: string, items: unknown[]) {
    super()
    this.#inner = inner
    this.#property = property
    this.#items = items
  }
  override liquidMethodMissing(key: string): unknown {
    if (key === this.#property) return this.#items
    const value: unknown = (this.#inner as unknown as Record<string, unknown>)[key]
    return typeof value === 'function' ? (value as () => unknown).call(this.#inner) : value
  }
}

export interface PageToRender {
  theme: StorefrontTheme
  /** templates/<template>.json or .liquid; the caller falls back to 404 when the theme has neither. */
  template: string
  /** Everything every template, section and snippet sees (shop, settings, request, routes, …). */
  globals: Record<string, unknown>
  runtime: Pick<PageRuntime, 'currency' | 'locale' | 'assetUrl' | 'translate' | 'localized'>
  /** For `{% paginate %}`: the page's path (with locale) and query. */
  path: string
  query: URLSearchParams
  /** HTML to wrap in the layout instead of rendering the template (a themed error page without a template of its own). */
  content?: string
}

/** Whether the theme has a template by this name. */
export function hasTemplate(theme: StorefrontTheme, template: string): boolean {
  return theme.files.has(`templates/${template}.json`) || theme.files.has(`templates/${template}.liquid`)
}

/**
 * Renders a page as Shopify does: the template first (a JSON template's sections in order, each
 * in its `shopify-section` div, or a Liquid template), then `layout/theme.liquid` around it as
 * `content_for_layout`. One time, memory and output budget covers the whole page.
 */
export async function renderPage(page: PageToRender, limits: RenderBudget = RENDER_LIMITS): Promise<string> {
  const engine = engineFor(page.theme)
  const budget: OutputBudget = { left: limits.outputBytes, bytes: limits.outputBytes }
  const globals: Record<string, unknown> = { ...page.globals }
  const runtime: PageRuntime = {
    ...page.runtime,
    layout: undefined,
    blocks: new ThemeBlocks(engine, page.theme, async (templates, ctx, scope) => {
      const emitter = new BoundedEmitter(budget)
      await drive(engine.liquid.renderer.renderTemplates(templates, ctx.spawn(scope), emitter))
      return emitter.buffer
    }),
    renderStaticSection: (type, ctx) =>
      renderSection(engine, page.theme, ctx, budget, type, { type }, 1, `shopify-section-${type}`, []),
    renderSectionGroup: (group, ctx) => renderGroup(engine, page.theme, ctx, budget, group),
    async paginate(owner, path, size) {
      const property = path[path.length - 1]!
      const paginator = paginatorOf(owner, property)
      const pageSize = Number.isInteger(size) && size >= 1 ? Math.min(size, 250) : 50
      if (!paginator) return {}
      const current = pageNumber(page.query.get('page'))
      const { items, total } = await paginator(current, pageSize)
      const replaced =
        path.length === 1
          ? items
          : owner instanceof Drop
            ? new PagedDrop(owner, property, items)
            : { ...(owner as object), [property]: items }
      return {
        [path[0]!]: path.length <= 2 ? replaced : globals[path[0]!],
        paginate: paginateObject(page.path, page.query, current, pageSize, total),
      }
    },
  }
  attachRuntime(globals, runtime)
  const root = new Context(
    {},
    engine.liquid.options,
    { globals, renderLimit: limits.renderLimit, memoryLimit: limits.memoryLimit },
    undefined,
  )
  const content = page.content ?? (await renderTemplate(engine, page, root, budget, runtime))
  const layoutName = runtime.layout === undefined ? 'theme' : runtime.layout
  if (layoutName === null) return content
  const layout = engine.template(`layout/${layoutName}.liquid`)
  if (!layout) return content
  globals.content_for_layout = content
  const emitter = new BoundedEmitter(budget)
  await drive(engine.liquid.renderer.renderTemplates(layout, root.spawn({}), emitter))
  return emitter.buffer
}

/** The template's HTML; a JSON template's `layout` (a name, or false for none) is recorded like `{% layout %}`. */
async function renderTemplate(
  engine: ThemeEngine,
  page: PageToRender,
  root: Context,
  budget: OutputBudget,
  runtime: PageRuntime,
): Promise<string> {
  const liquidTemplate = engine.template(`templates/${page.template}.liquid`)
  if (liquidTemplate) {
    const emitter = new BoundedEmitter(budget)
    await drive(engine.liquid.renderer.renderTemplates(liquidTemplate, root, emitter))
    return emitter.buffer
  }
  const json = parseTemplate(page.theme.files.get(`templates/${page.template}.json`) ?? '')
  if (!json) return ''
  if (typeof json.layout === 'string' || json.layout === false) runtime.layout = json.layout || null
  return renderSections(
    engine,
    page.theme,
    root,
    budget,
    json.sections,
    json.order,
    (id) => `shopify-section-template--${page.template}__${id}`,
  )
}

async function renderSections(
  engine: ThemeEngine,
  theme: StorefrontTheme,
  ctx: Context,
  budget: OutputBudget,
  sections: Record<string, SectionInstance>,
  order: readonly string[],
  wrapperId: (id: string) => string,
  classes: string[] = [],
): Promise<string> {
  const ids = [...order.filter((id) => id in sections), ...Object.keys(sections).filter((id) => !order.includes(id))]
  let html = ''
  let index = 0
  for (const id of ids) {
    const section = sections[id]!
    if (section.disabled) continue
    index++
    html += await renderSection(engine, theme, ctx, budget, id, section, index, wrapperId(id), classes)
  }
  return html
}

async function renderGroup(
  engine: ThemeEngine,
  theme: StorefrontTheme,
  ctx: Context,
  budget: OutputBudget,
  group: string,
): Promise<string> {
  const name = group.replace(/-group$/, '')
  const json = parseTemplate(
    theme.files.get(`sections/${name}-group.json`) ?? theme.files.get(`sections/${group}.json`) ?? '',
  )
  if (!json) return ''
  return renderSections(
    engine,
    theme,
    ctx,
    budget,
    json.sections,
    json.order,
    (id) => `shopify-section-sections--${name}__${id}`,
    [`shopify-section-group-${name}-group`],
  )
}

/** One section in its wrapper: `section` bound to its settings (defaults merged, text escaped) and blocks, in an isolated scope. */
async function renderSection(
  engine: ThemeEngine,
  theme: StorefrontTheme,
  ctx: Context,
  budget: OutputBudget,
  id: string,
  section: SectionInstance,
  index: number,
  wrapperId: string,
  classes: string[],
): Promise<string> {
  const templates = engine.template(`sections/${section.type}.liquid`)
  if (!templates) return ''
  const schema = theme.schemas.get(section.type) ?? null
  const data = sectionRenderData(id, section, schema, index)
  const bound = {
    ...data,
    settings: escapeSettings(data.settings, schema?.settings),
    blocks: data.blocks.map((block) => ({
      ...block,
      settings: escapeSettings(block.settings, schema?.blocks?.find((b) => b.type === block.type)?.settings),
    })),
  }
  bindSection(bound, section)
  const tag = schema?.tag ?? 'div'
  const cls = ['shopify-section', ...classes, ...(schema?.class ? [schema.class] : [])].join(' ')
  const emitter = new BoundedEmitter(budget)
  emitter.write(`<${tag} id="${escapeHtml(wrapperId)}" class="${escapeHtml(cls)}">`)
  await drive(engine.liquid.renderer.renderTemplates(templates, ctx.spawn({ section: bound }), emitter))
  emitter.write(`</${tag}>`)
  return emitter.buffer
}
