import type { Context, Template } from 'liquidjs'
import { parseSectionSchema, settingDefaults, type SectionSchema } from '../../domain/webstore/theme/section-schema.js'
import { orderedBlockIds, type BlockInstance } from '../../domain/webstore/theme/sections-template.js'
import type { ThemeEngine } from './liquid/engine.js'
import { escapeHtml } from './liquid/escape.js'
import { escapeSettings } from './liquid/settings-escape.js'
import type { StorefrontTheme } from './theme.js'

/** Shopify nests theme blocks at most this deep; deeper ones (or a block that places itself) render nothing. */
const MAX_DEPTH = 8

/** What holds blocks in a JSON template: a section instance or a theme block instance. */
interface BlockContainer {
  blocks?: Record<string, BlockInstance>
  block_order?: string[]
}

/** The template data behind a bound `section` or `block` object, and how deep it sits. */
const containers = new WeakMap<object, { instance: BlockContainer; depth: number }>()

/** Records the instance behind a bound section, so `{% content_for 'blocks' %}` in it finds its blocks. */
export function bindSection(bound: object, instance: BlockContainer): void {
  containers.set(bound, { instance, depth: 0 })
}

/** Renders a theme file in a scope of its own, under the page's output budget. */
export type RenderIsolated = (templates: Template[], ctx: Context, scope: Record<string, unknown>) => Promise<string>

/**
 * Theme blocks (`blocks/<type>.liquid`) as `{% content_for %}` places them: each renders in its
 * own scope with `block` (its settings, the defaults of its file's schema merged, text escaped)
 * and the enclosing `section` bound; a block's own `content_for 'blocks'` renders its children.
 */
export class ThemeBlocks {
  readonly #schemas = new Map<string, SectionSchema | null>()
  constructor(
    private readonly engine: ThemeEngine,
    private readonly theme: StorefrontTheme,
    private readonly render: RenderIsolated,
  ) {}

  /** `{% content_for 'blocks' %}`: the enclosing block's (else section's) blocks, in order, static ones left to their tags. */
  async renderAll(ctx: Context): Promise<string> {
    const container = this.#containerOf(ctx)
    if (!container) return ''
    let html = ''
    for (const id of orderedBlockIds({ type: '', ...container.instance })) {
      const instance = container.instance.blocks![id]!
      if (instance.disabled || instance.static === true) continue
      html += await this.#renderBlock(ctx, id, instance, container.depth + 1, {})
    }
    return html
  }

  /** `{% content_for 'block', type: 'x', id: 'y' %}`: a static block, with the settings the template stores under its id. */
  async renderStatic(ctx: Context, type: string, id: string, extra: Record<string, unknown>): Promise<string> {
    const container = this.#containerOf(ctx)
    const stored = container?.instance.blocks?.[id]
    const instance = stored?.type === type ? stored : { type }
    if (instance.disabled) return ''
    return this.#renderBlock(ctx, id, instance, (container?.depth ?? 0) + 1, extra)
  }

  #containerOf(ctx: Context) {
    for (const name of ['block', 'section']) {
      const bound = ctx.getSync([name])
      const container = bound && typeof bound === 'object' ? containers.get(bound) : undefined
      if (container) return container
    }
    return undefined
  }

  async #renderBlock(
    ctx: Context,
    id: string,
    instance: BlockInstance,
    depth: number,
    extra: Record<string, unknown>,
  ): Promise<string> {
    const templates = depth <= MAX_DEPTH ? this.engine.template(`blocks/${instance.type}.liquid`) : null
    if (!templates) return ''
    const schema = this.#schemaOf(instance.type)
    const block = {
      id,
      type: instance.type,
      settings: escapeSettings({ ...settingDefaults(schema?.settings), ...instance.settings }, schema?.settings),
      shopify_attributes: `data-block-id="${escapeHtml(id)}" data-block-type="${escapeHtml(instance.type)}"`,
    }
    containers.set(block, { instance: instance as BlockContainer, depth })
    return this.render(templates, ctx, { ...extra, block, section: ctx.getSync(['section']) })
  }

  #schemaOf(type: string): SectionSchema | null {
    if (!this.#schemas.has(type)) {
      const parsed = parseSectionSchema(this.theme.files.get(`blocks/${type}.liquid`) ?? '')
      this.#schemas.set(type, parsed.ok ? parsed.schema : null)
    }
    return this.#schemas.get(type)!
  }
}
