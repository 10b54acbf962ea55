import type { SectionSchema } from '../../domain/webstore/theme/section-schema.js'

/**
 * What the storefront renders from: the text files of a store's main theme (templates, sections,
 * snippets, locales, CSS), its binary assets by path (served from the blob store), the settings in
 * effect and each section's schema. Read from the theme read model only: a template never reaches
 * the file system.
 */
export interface StorefrontTheme {
  id: string
  /** The merchant's name for it, as a preview shows it. */
  name: string
  /** Changes with every file write: what cached engines are keyed on. */
  version: string
  files: ReadonlyMap<string, string>
  /** Binary assets: path → checksum (their bytes are at `/storage/<store>/theme-assets/<checksum>`). */
  binaryAssets: ReadonlyMap<string, string>
  /** Text assets: path → checksum, for cache-busting `asset_url`s. */
  textChecksums: ReadonlyMap<string, string>
  settings: Record<string, unknown>
  schemas: ReadonlyMap<string, SectionSchema | null>
}
