import { settingDefaults, type SectionSchema } from './section-schema.js'
import { orderedBlockIds, type SectionInstance } from './sections-template.js'

/** A block as Liquid sees it: `block.id`, `block.type`, `block.settings` (defaults merged), `block.shopify_attributes`. */
export interface BlockRenderData {
  id: string
  type: string
  settings: Record<string, unknown>
  /** Attributes for the block's element, so the theme editor can find it: `data-block-id="…" data-block-type="…"`. */
  shopify_attributes: string
}

/** A section as Liquid sees it: the object the renderer binds to `section`. */
export interface SectionRenderData {
  id: string
  type: string
  /** 1-based position of the section in its template. */
  index: number
  settings: Record<string, unknown>
  /** Enabled blocks in block_order. */
  blocks: BlockRenderData[]
  blocks_size: number
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The exact data the renderer hands to Liquid as `section` when it renders this instance: every
 * setting the schema declares with its default unless the instance sets it, and the same for
 * each block, so `{{ block.settings.heading }}` shows a value stored through the API (block
 * settings reaching the template is what the platform we replace got wrong). Disabled blocks are
 * left out, as Shopify leaves them out.
 *
 * @example
 * const data = sectionRenderData('story', template.sections.story, sectionSchemaOf(theme, 'rich-text'), 1)
 * await liquid.parseAndRender(source, { section: data })
 */
export function sectionRenderData(
  id: string,
  section: SectionInstance,
  schema: SectionSchema | null,
  index: number,
): SectionRenderData {
  const blocks = orderedBlockIds(section)
    .map((blockId) => ({ blockId, block: section.blocks![blockId]! }))
    .filter(({ block }) => !block.disabled)
    .map(({ blockId, block }): BlockRenderData => {
      const definition = schema?.blocks?.find((b) => b.type === block.type)
      return {
        id: blockId,
        type: block.type,
        settings: { ...settingDefaults(definition?.settings), ...block.settings },
        shopify_attributes: `data-block-id="${escapeAttribute(blockId)}" data-block-type="${escapeAttribute(block.type)}"`,
      }
    })
  return {
    id,
    type: section.type,
    index,
    settings: { ...settingDefaults(schema?.settings), ...section.settings },
    blocks,
    blocks_size: blocks.length,
  }
}
