import { mutationFields } from '../../shared/payloads.js'

/** Section instances and blocks in a theme's JSON templates and section groups. */
export const themeSectionTypeDefs = /* GraphQL */ `
  """
  A JSON template (templates/<name>.json) or section group (sections/<group>-group.json) of a
  theme: which sections it shows, in what order, with what settings and blocks.
  """
  type ThemeTemplate {
    "'index', 'product', 'product.alternate', 'customers/account', or 'group:header' for a section group."
    name: String!
    "The file holding it, e.g. templates/index.json or sections/header-group.json."
    path: String!
    "Sections in the template's order (sections it stores but does not order come last)."
    sections: [ThemeTemplateSection!]!
  }

  "One section instance of a template: a section type (sections/<type>.liquid) with its settings and blocks."
  type ThemeTemplateSection {
    "The section's id within the template."
    id: ID!
    "The section type: the file name in sections/ without .liquid."
    type: String!
    "A disabled section is kept but not rendered."
    disabled: Boolean!
    "The stored setting values only; renderData has the schema's defaults merged in."
    settings: JSON!
    "Blocks in block_order."
    blocks: [ThemeTemplateBlock!]!
    """
    Exactly what the renderer binds to section in Liquid: {id, type, index, settings (defaults
    merged), blocks: [{id, type, settings (defaults merged), shopify_attributes}], blocks_size}.
    Disabled blocks are left out.
    """
    renderData: JSON!
  }

  "One block of a section instance."
  type ThemeTemplateBlock {
    "The block's id within its section."
    id: ID!
    "A block type the section's {% schema %} declares."
    type: String!
    "A disabled block is kept but not rendered."
    disabled: Boolean!
    "The stored setting values only."
    settings: JSON!
  }

  extend type Theme {
    "A JSON template ('index', 'product.alternate') or section group ('group:header'); null when the theme has none by that name."
    template(name: String!): ThemeTemplate
    "The theme's section groups (sections/<group>-group.json), by name."
    sectionGroups: [ThemeTemplate!]!
  }

  input ThemeSectionAddInput {
    themeId: ID!
    "'index', 'product', 'page.contact' … or a section group such as 'group:header' (created on its first section)."
    template: String!
    "A section file of the theme without .liquid, e.g. 'rich-text'."
    type: String!
    "Setting id → value, checked against the section's {% schema %}; left-out settings use their defaults."
    settings: JSON
    "Where to insert, from 0; the end when omitted or beyond it."
    position: Int
    "The new section's id; generated from the type when omitted."
    id: String
    "Start from this preset of the section's {% schema %} (its settings and blocks); settings given override the preset's."
    preset: String
  }

  input ThemeSectionUpdateInput {
    themeId: ID!
    template: String!
    sectionId: ID!
    "Setting id → new value; null resets one to its default; ids left out stay."
    settings: JSON
    "true hides the section (kept in the template, not rendered); false shows it again."
    disabled: Boolean
  }

  input ThemeSectionRemoveInput {
    themeId: ID!
    template: String!
    sectionId: ID!
  }

  input ThemeSectionsReorderInput {
    themeId: ID!
    template: String!
    "Section ids in their new order; sections not listed keep their order after them."
    sectionIds: [ID!]!
  }

  input ThemeBlockAddInput {
    themeId: ID!
    template: String!
    sectionId: ID!
    "A block type the section's {% schema %} declares, e.g. 'heading'."
    type: String!
    "Setting id → value, checked against the block's settings; left-out settings use their defaults."
    settings: JSON
    "Where to insert, from 0; the end when omitted or beyond it."
    position: Int
    "The new block's id; generated from the type when omitted."
    id: String
  }

  input ThemeBlockUpdateInput {
    themeId: ID!
    template: String!
    sectionId: ID!
    blockId: ID!
    "Setting id → new value; null resets one to its default; ids left out stay."
    settings: JSON
    "true hides the block (kept in its section, not rendered); false shows it again."
    disabled: Boolean
  }

  input ThemeBlockRemoveInput {
    themeId: ID!
    template: String!
    sectionId: ID!
    blockId: ID!
  }

  input ThemeBlocksReorderInput {
    themeId: ID!
    template: String!
    sectionId: ID!
    "Block ids in their new order; blocks not listed keep their order after them."
    blockIds: [ID!]!
  }

  "The theme and the template after the section was added, with the new section."
  type ThemeSectionAddPayload {
    theme: Theme!
    template: ThemeTemplate!
    section: ThemeTemplateSection!
    "Append position of the change."
    eventPosition: String
  }

  "The theme and the template after the change, with the section."
  type ThemeSectionUpdatePayload {
    theme: Theme!
    template: ThemeTemplate!
    section: ThemeTemplateSection!
    "Append position of the change; null when nothing changed."
    eventPosition: String
  }

  "The theme and the template without the section."
  type ThemeSectionRemovePayload {
    theme: Theme!
    template: ThemeTemplate!
    deletedId: ID!
    eventPosition: String
  }

  "The theme and the template in its new order."
  type ThemeSectionsReorderPayload {
    theme: Theme!
    template: ThemeTemplate!
    "Append position of the change; null when the order was already so."
    eventPosition: String
  }

  "The theme, the template and the section after the block was added, with the new block."
  type ThemeBlockAddPayload {
    theme: Theme!
    template: ThemeTemplate!
    section: ThemeTemplateSection!
    block: ThemeTemplateBlock!
    eventPosition: String
  }

  "The theme, the template, the section and the changed block."
  type ThemeBlockUpdatePayload {
    theme: Theme!
    template: ThemeTemplate!
    section: ThemeTemplateSection!
    block: ThemeTemplateBlock!
    "Append position of the change; null when nothing changed."
    eventPosition: String
  }

  "The theme, the template and the section without the block."
  type ThemeBlockRemovePayload {
    theme: Theme!
    template: ThemeTemplate!
    section: ThemeTemplateSection!
    deletedId: ID!
    eventPosition: String
  }

  "The theme, the template and the section with its blocks in their new order."
  type ThemeBlocksReorderPayload {
    theme: Theme!
    template: ThemeTemplate!
    section: ThemeTemplateSection!
    "Append position of the change; null when the order was already so."
    eventPosition: String
  }

  extend type Mutation {
    ${mutationFields({
      themeSectionAdd: 'Add a section to a template or section group; settings checked against its {% schema %}.',
      themeSectionUpdate: "Change a section's settings, or hide or show it.",
      themeSectionRemove: 'Remove a section and its blocks from a template.',
      themeSectionsReorder: 'Reorder the sections of a template.',
      themeBlockAdd:
        "Add a block to a section (at most the schema's max_blocks, never above 50, and each type's limit).",
      themeBlockUpdate: "Change a block's settings, or hide or show it.",
      themeBlockRemove: 'Remove a block from a section.',
      themeBlocksReorder: 'Reorder the blocks of a section.',
    })}
  }
`
