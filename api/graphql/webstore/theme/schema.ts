import { THEME_LIST } from '../../../../domain/webstore/theme/list.js'
import { listField, listTypeDefs } from '../../shared/list-sdl.js'
import { LIST_ARGS, connectionTypeDefs } from '../../shared/schema.js'
import { historyField } from '../../shared/history.js'
import { deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'

export const themeTypeDefs = /* GraphQL */ `
  "MAIN: what shoppers see (one per store). DRAFT: the theme being prepared to go live (at most one). UNPUBLISHED: kept, not shown."
  enum ThemeRole {
    MAIN
    DRAFT
    UNPUBLISHED
  }

  "The roles a new theme (created or duplicated) may take: only themePublish makes a theme MAIN."
  enum ThemeCreateRole {
    "The one theme being prepared to go live; at most one per store."
    DRAFT
    "Kept, not shown."
    UNPUBLISHED
  }

  "Where a theme's files came from."
  enum ThemeSource {
    "A copy of the platform's default theme."
    DEFAULT
    "An uploaded zip."
    ZIP
    "A duplicate of another theme (sourceThemeId)."
    THEME
  }

  "Where themeCreate takes the files from."
  enum ThemeCreateSource {
    "A copy of the platform's default theme."
    DEFAULT
    "A theme zip in Shopify's theme format, given in zip (base64) or stagedUploadId."
    ZIP
  }

  "A Liquid theme in the Shopify layout: layout/, templates/, sections/, snippets/, assets/, locales/, config/."
  type Theme {
    id: ID!
    "The name merchants see in the theme list."
    name: String!
    role: ThemeRole!
    source: ThemeSource!
    "The theme this one was duplicated from (source THEME); null otherwise."
    sourceThemeId: ID
    "The theme's files in path order; paths narrows them to the given ones."
    files(
      "Only these paths, e.g. [\\"layout/theme.liquid\\", \\"config/settings_data.json\\"]."
      paths: [String!]
      ${LIST_ARGS}
    ): ThemeFileConnection!
    "One file by path, or null when the theme has none there."
    file(path: String!): ThemeFile
    "The global settings in effect: each setting's default from config/settings_schema.json overlaid with the values chosen (settings_data.json)."
    settings: JSON!
    "config/settings_schema.json, parsed: groups [{name, settings: [{type, id, label, default, …}]}]."
    settingsSchema: JSON!
    "Every section file (sections/*.liquid) with its {% schema %} (settings, blocks, presets, max_blocks)."
    sections: [ThemeSectionDefinition!]!
    "The storefront's latest failed renders of this theme, newest first (at most 20; at most one per 10 seconds per API node is recorded): a render bound passed or a Liquid error. Shoppers got the error page for these requests. Not history: kept apart from the audit log, dropped with the theme."
    renderErrors: [ThemeRenderError!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    ${historyField('Every event of this theme, newest first, with its actor and time (the audit log of this theme). A publish that demotes it is recorded on the theme that went live.')}
  }

  "A storefront page this theme failed to render; the shopper got the error page (status 500)."
  type ThemeRenderError {
    at: DateTime!
    "The request's path, e.g. /products/lamp."
    path: String!
    "The template being rendered, e.g. product (templates/product.json)."
    template: String!
    "What the theme did wrong, e.g. 'template render limit exceeded, line:1, col:1' or a Liquid error naming the file and line."
    message: String!
  }

  "A section type of a theme: sections/<type>.liquid and what its {% schema %} declares."
  type ThemeSectionDefinition {
    "The file name without folder and .liquid, e.g. 'rich-text': what templates name in a section's type."
    type: String!
    path: String!
    "The parsed {% schema %} JSON; null when the section has none."
    schema: JSON
  }

  "One file of a theme: a text file, or a binary asset (an image or font from an uploaded zip) served from url."
  type ThemeFile {
    "e.g. sections/header.liquid."
    path: String!
    "The text; empty for a binary asset."
    content: String!
    "SHA-256 of the content (of the bytes for a binary asset), hex: compare it to skip downloading unchanged files."
    checksum: String!
    "A binary asset's type, e.g. image/png; null for text files."
    contentType: String
    "Where a binary asset's bytes are served (/storage/<storeId>/theme-assets/<sha256>), cacheable for a year; null for text files."
    url: String
    "Bytes (UTF-8)."
    size: Int!
    updatedAt: DateTime!
  }

  ${connectionTypeDefs('Theme')}
  ${connectionTypeDefs('ThemeFile')}

  ${listTypeDefs(THEME_LIST)}

  input ThemeCreateInput {
    name: String!
    "DEFAULT (the default) or ZIP."
    source: ThemeCreateSource
    "With source ZIP: the theme zip, base64-encoded; text files at most 256 KB each, images and fonts in assets/; one wrapping folder is allowed. The request body limit (1 MB) keeps this to small themes: larger ones use stagedUploadId."
    zip: String
    "With source ZIP, instead of zip: a theme zip of up to 10 MB PUT to the url mediaStagedUploadCreate returned for mimeType application/zip. Dropped once the theme is created."
    stagedUploadId: ID
    "Default: DRAFT when the store has no draft, else UNPUBLISHED."
    role: ThemeCreateRole
  }

  input ThemeDuplicateInput {
    id: ID!
    "Default: 'Copy of <name>'."
    name: String
    "Default: DRAFT when the store has no draft, else UNPUBLISHED."
    role: ThemeCreateRole
  }

  input ThemeRenameInput {
    id: ID!
    name: String!
  }

  input ThemeFileUpsertInput {
    themeId: ID!
    "e.g. sections/hero.liquid, templates/page.about.json, snippets/card.liquid, assets/site.css, locales/de.json."
    path: String!
    "The whole new content. Liquid must parse and JSON must be valid; errors name the line and column."
    content: String!
  }

  input ThemeFileDeleteInput {
    themeId: ID!
    path: String!
  }

  input ThemeSettingsUpdateInput {
    id: ID!
    "Setting id → value, checked against config/settings_schema.json; null resets one to its default; ids left out stay."
    settings: JSON!
  }

  input ThemePublishInput {
    id: ID!
  }

  input ThemeDeleteInput {
    id: ID!
  }

  ${payloadType('ThemeCreate', 'theme: Theme!')}

  ${payloadType('ThemeDuplicate', 'theme: Theme!')}

  ${payloadType('ThemeRename', 'theme: Theme!')}

  ${payloadType('ThemeFileUpsert', ['theme: Theme!', 'file: ThemeFile!'])}

  ${payloadType('ThemeFileDelete', ['theme: Theme!', 'deletedPath: String!'])}

  ${payloadType('ThemeSettingsUpdate', 'theme: Theme!')}

  type ThemePublishPayload {
    "The theme, now MAIN."
    theme: Theme!
    "The theme that was main before, now UNPUBLISHED; null when the theme was main already."
    previousMainTheme: Theme
    eventPosition: String
  }

  ${deletePayloadType('ThemeDelete')}

  input ThemePreviewLinkCreateInput {
    themeId: ID!
    "How long the link works, in seconds: 60 to 604800 (7 days); default 86400 (24 hours)."
    expiresInSeconds: Int
  }

  type ThemePreviewLinkCreatePayload {
    "The storefront with this theme, for anyone who opens it until expiresAt; no account needed. Share it with care."
    url: String!
    expiresAt: DateTime!
    theme: Theme!
    eventPosition: String
  }

  extend type ViewerStore {
    "The theme shoppers see; null only for a store created a moment ago, before its default theme is installed."
    mainTheme: Theme
  }

  extend type Query {
    "A theme of the current store; NOT_FOUND when it does not exist here."
    theme(id: ID!): Theme!
    ${listField('themes', THEME_LIST, "The current store's themes.")}
    "The current store's main theme."
    mainTheme: Theme
  }

  extend type Mutation {
    ${mutationFields({
      themeCreate: 'Create a theme from the default theme or a zip, as DRAFT (or UNPUBLISHED when a draft exists).',
      themeDuplicate: 'Copy a theme with all its files and settings.',
      themeFileUpsert:
        'Create or replace one file; Liquid and JSON are checked, and a file with errors is refused and left as it was.',
      themeFileDelete: 'Delete one file; the files every theme needs cannot be deleted.',
      themeSettingsUpdate: 'Change global theme settings, validated against config/settings_schema.json.',
      themePublish: 'Make a draft or unpublished theme the main theme; the old main becomes UNPUBLISHED and is kept.',
      themeDelete: 'Delete a draft or unpublished theme; never the main one.',
      themePreviewLinkCreate:
        'A signed link that shows any theme of the store (draft, unpublished or main) on the storefront, even in maintenance, until it expires.',
    })}
    themeRename(input: ThemeRenameInput!): ThemeRenamePayload!
  }
`
