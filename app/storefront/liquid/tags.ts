import {
  Hash,
  Tag,
  Tokenizer,
  evalToken,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs'
import { silentBlock } from '../../../domain/webstore/theme/liquid.js'
import { ShopifyRenderTag } from './app-blocks.js'
import { ContentForTag } from './content-for.js'
import { escapeHtml } from './escape.js'
import { runtimeOf, type PageRuntime } from './runtime.js'
import { firstArgument, skipComma } from './tag-arguments.js'

// The Shopify theme tags liquidjs does not know, rendered the way Shopify renders them:
// `section`/`sections` (a section file or a section group, each wrapped in its shopify-section
// div), `form` (a <form> around its body), `paginate` (a page of a list and the `paginate`
// object), `style`, `layout`, `content_for` (theme blocks), `render block` (app blocks: nothing), and `schema`/`javascript`/`stylesheet`/
// `doc`, which are data for the platform or the theme's developers and print nothing.

/** Parses the body of a block tag up to its end tag. */
function parseBody(name: string, remainTokens: TopLevelToken[], liquid: Liquid): Template[] {
  const templates: Template[] = []
  const stream = liquid.parser.parseStream(remainTokens)
  stream
    .on(`tag:end${name}`, () => stream.stop())
    .on('template', (tpl: Template) => templates.push(tpl))
    .on('end', () => {
      throw new Error(`tag {% ${name} %} not closed`)
    })
  stream.start()
  return templates
}

function quotedName(token: TagToken): string {
  const name = /^\s*(['"])([^'"]+)\1\s*$/.exec(token.args)?.[2]
  if (!name) throw new Error(`{% ${token.name} %} takes a quoted name, e.g. {% ${token.name} 'header' %}`)
  return name
}

/** A tag of one quoted name that writes what the page's runtime renders of it: `{% section 'header' %}`. */
function quotedNameTag(render: (runtime: PageRuntime, name: string, ctx: Context) => Promise<string>) {
  return class extends Tag {
    private readonly quoted: string
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid)
      this.quoted = quotedName(token)
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      emitter.write(yield render(runtimeOf(ctx), this.quoted, ctx))
    }
  }
}

const SectionTag = quotedNameTag((runtime, section, ctx) => runtime.renderStaticSection(section, ctx))
const SectionsTag = quotedNameTag((runtime, group, ctx) => runtime.renderSectionGroup(group, ctx))

const FORM_ACTIONS: Record<string, string> = {
  product: '/cart/add',
  localization: '/localization',
  contact: '/contact',
  customer: '/contact',
  search: '/search',
}

/** Whether the page's store sells: only a store that says it does not (`shop.commerce_enabled` false) is in catalog mode. */
const selling = (ctx: Context): boolean =>
  (ctx.globals as { shop?: { commerce_enabled?: unknown } }).shop?.commerce_enabled !== false

/** `{% form 'product', product, class: 'x' %}…{% endform %}` → a POST form with Shopify's hidden fields; nothing in catalog mode. */
class FormTag extends Tag {
  private readonly type: ValueToken
  private readonly object: ValueToken | undefined
  private readonly attributes: Hash
  private readonly body: Template[]
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    const { value, tokenizer } = firstArgument(
      token,
      "{% form %} needs a form type, e.g. {% form 'product', product %}",
    )
    this.type = value
    tokenizer.skipBlank()
    const rest = tokenizer.remaining()
    if (rest && !/^[\w-]+\s*:/.test(rest)) {
      this.object = tokenizer.readValue() as ValueToken | undefined
      skipComma(tokenizer)
    }
    this.attributes = new Hash(tokenizer.remaining())
    this.body = parseBody('form', remainTokens, liquid)
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const type = String(yield evalToken(this.type, ctx))
    // Catalog mode sells nothing, whatever the theme: Shopify's themes never ask shop.commerce_enabled.
    if (type === 'product' && !selling(ctx)) return
    const object = this.object ? ((yield evalToken(this.object, ctx)) as { id?: unknown } | undefined) : undefined
    const attributes = (yield this.attributes.render(ctx)) as Record<string, unknown>
    const action = FORM_ACTIONS[type] ?? `/${encodeURIComponent(type)}`
    const id = attributes.id ?? (type === 'product' && object?.id ? `product-form-${String(object.id)}` : undefined)
    const extra = Object.entries({ ...attributes, id })
      .filter(([key, value]) => value != null && key !== 'return_to')
      .map(([key, value]) => ` ${key.replace(/[^\w-]/g, '')}="${escapeHtml(String(value))}"`)
      .join('')
    emitter.write(
      `<form method="post" action="${runtimeOf(ctx).localized(action)}" accept-charset="UTF-8"${extra}>` +
        `<input type="hidden" name="form_type" value="${escapeHtml(type)}"><input type="hidden" name="utf8" value="✓">`,
    )
    yield this.liquid.renderer.renderTemplates(this.body, ctx, emitter)
    emitter.write('</form>')
  }
}

/**
 * `{% paginate collection.products by 12 %}` (or a list variable: `{% paginate collections by 12 %}`): the current
 * page of the list and the `paginate` object, inside the block.
 */
class PaginateTag extends Tag {
  private readonly path: string[]
  private readonly size: ValueToken
  private readonly body: Template[]
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    const match = /^\s*([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)\s+by\s+(.+?)\s*$/.exec(token.args)
    if (!match)
      throw new Error('{% paginate %} takes a list and a page size, e.g. {% paginate collection.products by 12 %}')
    this.path = match[1]!.split('.')
    const size = new Tokenizer(match[2]!).readValue()
    if (!size) throw new Error('{% paginate %} needs a page size after "by"')
    this.size = size as ValueToken
    this.body = parseBody('paginate', remainTokens, liquid)
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const size = Number(yield evalToken(this.size, ctx))
    // A list that is a variable itself (`collections`) holds its own paginator; a property's, its owner.
    const owner = yield ctx._get(this.path.length === 1 ? this.path : this.path.slice(0, -1))
    const scope = (yield runtimeOf(ctx).paginate(owner, this.path, size)) as Record<string, unknown>
    ctx.push(scope)
    try {
      yield this.liquid.renderer.renderTemplates(this.body, ctx, emitter)
    } finally {
      ctx.pop()
    }
  }
}

class StyleTag extends Tag {
  private readonly body: Template[]
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    this.body = parseBody('style', remainTokens, liquid)
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    emitter.write('<style data-shopify>')
    yield this.liquid.renderer.renderTemplates(this.body, ctx, emitter)
    emitter.write('</style>')
  }
}

/** `{% layout none %}` or `{% layout 'alternate' %}` in a Liquid template: which layout wraps it. */
class LayoutTag extends Tag {
  private readonly layout: string | null
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    this.layout = token.args.trim() === 'none' ? null : quotedName(token)
  }
  render(ctx: Context): void {
    runtimeOf(ctx).layout = this.layout
  }
}

export function registerThemeTags(liquid: Liquid): void {
  liquid.registerTag('section', SectionTag)
  liquid.registerTag('sections', SectionsTag)
  liquid.registerTag('form', FormTag)
  liquid.registerTag('paginate', PaginateTag)
  liquid.registerTag('style', StyleTag)
  liquid.registerTag('layout', LayoutTag)
  liquid.registerTag('content_for', ContentForTag)
  liquid.registerTag('render', ShopifyRenderTag)
  for (const name of ['schema', 'javascript', 'stylesheet', 'doc']) liquid.registerTag(name, silentBlock(name))
}
