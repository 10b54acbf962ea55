import { RenderTag, type Context, type Emitter, type Liquid, type TagToken, type TopLevelToken } from 'liquidjs'

type Parser = ConstructorParameters<typeof RenderTag>[3]

/**
 * `{% render %}` as liquidjs has it, except `{% render block %}`: Shopify's way to place an app
 * block (`shopify://apps/…` in a template). Apps do not run on this platform, so it renders
 * nothing rather than failing the page on a block that is not a snippet name.
 */
export class ShopifyRenderTag extends RenderTag {
  private readonly appBlock: boolean
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid, parser)
    this.appBlock = /^\s*block\s*$/.test(token.args)
  }
  override *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    if (this.appBlock) return
    yield* super.render(ctx, emitter)
  }
}
