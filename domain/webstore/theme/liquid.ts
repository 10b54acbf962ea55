import {
  Liquid,
  Tag,
  TokenKind,
  type Emitter,
  type TagToken,
  type TopLevelToken,
  type Template,
  type Context,
} from 'liquidjs'

/** Where a Liquid or JSON source is wrong: 1-based line and column, and what is wrong there. */
export interface SourceError {
  message: string
  line: number
  column: number
}

/**
 * Block tags of the Shopify theme layout that liquidjs does not know: their body is kept as
 * parsed templates (`form`, `paginate`, `style`) or as raw text (`schema`, `javascript`,
 * `stylesheet`, and `doc`, the LiquidDoc header of snippets and blocks). Rendering them is the
 * storefront's job; here they must parse.
 */
const TEMPLATE_BLOCKS = ['form', 'paginate', 'style'] as const
const RAW_BLOCKS = ['schema', 'javascript', 'stylesheet', 'doc'] as const
/** Inline tags that name other theme files: `{% section 'header' %}`, `{% sections 'footer-group' %}`. */
const INLINE_TAGS = ['section', 'sections'] as const

/** The tags a theme may use besides liquidjs' own (if, for, assign, capture, render, include, layout, comment, raw, …). */
export const THEME_TAGS: readonly string[] = [...TEMPLATE_BLOCKS, ...RAW_BLOCKS, ...INLINE_TAGS, 'content_for']

/**
 * A raw tag's body is not Liquid: a schema's JSON may hold `"{{ section.settings.x == \"y\" }}"`
 * (Shopify's `visible_if`), which liquidjs' tokenizer would read as an unclosed output. Bodies
 * are blanked before parsing, line breaks kept, so positions after them stay right.
 */
const RAW_BODY = new RegExp(`({%-?\\s*(${RAW_BLOCKS.join('|')})\\s*-?%})([\\s\\S]*?)({%-?\\s*end\\2\\s*-?%})`, 'g')

export function withoutRawBodies(source: string): string {
  return source.replace(
    RAW_BODY,
    (_, open: string, _name: string, body: string, close: string) => open + body.replace(/[^\n]/g, ' ') + close,
  )
}

function templateBlock(name: string) {
  return class extends Tag {
    readonly templates: Template[] = []
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid)
      const stream = liquid.parser.parseStream(remainTokens)
      stream
        .on(`tag:end${name}`, () => stream.stop())
        .on('template', (tpl: Template) => this.templates.push(tpl))
        .on('end', () => {
          throw new Error(`tag {% ${name} %} not closed`)
        })
      stream.start()
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter)
    }
  }
}

/** A block tag whose body is data for the platform (schema, script, stylesheet) or LiquidDoc: skipped, never printed. */
export function silentBlock(name: string) {
  return class extends Tag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid)
      for (;;) {
        const next = remainTokens.shift()
        if (!next) throw new Error(`tag {% ${name} %} not closed`)
        if (next.kind === TokenKind.Tag && (next as TagToken).name === `end${name}`) return
      }
    }
    render(): void {}
  }
}

class InlineTag extends Tag {
  render(): void {}
}

/**
 * `{% content_for 'blocks' %}` renders a section's or block's theme blocks; `{% content_for
 * 'block', type: 'x', id: 'y' %}` one static block, which needs both. Named arguments after
 * those pass variables to the blocks (`closest.product: product`).
 */
class ContentForTag extends Tag {
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    const kind = /^\s*(['"])(blocks|block)\1/.exec(token.args)?.[2]
    if (!kind) throw new Error(`{% content_for %} takes 'blocks' or 'block' first, e.g. {% content_for 'blocks' %}`)
    if (kind === 'block') {
      const named = new Set([...token.args.matchAll(/[,\s]([\w.]+)\s*:/g)].map((m) => m[1]))
      const missing = ['type', 'id'].filter((name) => !named.has(name))
      if (missing.length)
        throw new Error(
          `{% content_for 'block' %} needs ${missing.join(' and ')}, e.g. {% content_for 'block', type: 'slide', id: 'slide-1' %}`,
        )
    }
  }
  render(): void {}
}

/** A liquidjs engine that knows the theme tags; parsing only, nothing is read from disk. */
export function themeLiquid(): Liquid {
  const liquid = new Liquid({ strictFilters: false, strictVariables: false })
  for (const name of TEMPLATE_BLOCKS) liquid.registerTag(name, templateBlock(name))
  for (const name of RAW_BLOCKS) liquid.registerTag(name, silentBlock(name))
  for (const name of INLINE_TAGS) liquid.registerTag(name, InlineTag)
  liquid.registerTag('content_for', ContentForTag)
  return liquid
}

const engine = themeLiquid()

/**
 * Parses a Liquid source and answers where it is wrong, or null when it parses. liquidjs puts
 * the position on the error's token; its message repeats it after ", line:", which we drop so
 * our message says it once.
 */
export function liquidSyntaxError(source: string): SourceError | null {
  try {
    engine.parse(withoutRawBodies(source))
    return null
  } catch (error) {
    const err = error as Error & { token?: { getPosition?: () => [number, number] } }
    const [line, column] = err.token?.getPosition?.() ?? [1, 1]
    const message = (err.message.split('\n')[0] ?? 'invalid Liquid').replace(/, line:\d+, col:\d+$/, '')
    return { message, line, column }
  }
}
