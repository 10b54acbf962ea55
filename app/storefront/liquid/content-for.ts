import {
  Hash,
  Tag,
  evalToken,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs'
import { runtimeOf } from './runtime.js'
import { firstArgument } from './tag-arguments.js'

/**
 * `{% content_for 'blocks' %}` (the enclosing section's or block's theme blocks) and
 * `{% content_for 'block', type: 'slide', id: 'hero-slide', extra: value %}` (one static theme
 * block, the other named arguments bound in its scope).
 */
export class ContentForTag extends Tag {
  private readonly kind: ValueToken
  private readonly args: Hash
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    const { value, tokenizer } = firstArgument(
      token,
      "{% content_for %} takes 'blocks' or 'block', e.g. {% content_for 'blocks' %}",
    )
    this.kind = value
    this.args = new Hash(tokenizer.remaining())
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const kind = String(yield evalToken(this.kind, ctx))
    const blocks = runtimeOf(ctx).blocks
    if (kind === 'blocks') {
      emitter.write(yield blocks.renderAll(ctx))
      return
    }
    if (kind !== 'block') return
    const { type, id, ...extra } = (yield this.args.render(ctx)) as Record<string, unknown>
    if (typeof type !== 'string' || typeof id !== 'string') return
    emitter.write(yield blocks.renderStatic(ctx, type, id, extra))
  }
}
