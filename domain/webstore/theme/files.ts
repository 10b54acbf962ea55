import { createHash } from 'node:crypto'
import { z } from 'zod'
import { badInput, DomainError } from '../../shared/errors.js'
import { parseJsonSource } from './json-source.js'
import { liquidSyntaxError, type SourceError } from './liquid.js'
import { parseSectionSchema } from './section-schema.js'
import { parseSettingsSchema } from './settings-schema.js'
import { settingsDataProblem } from './settings-data.js'

/**
 * One file of a theme as events and the read model hold it. A binary asset (an image or font
 * from an uploaded zip) has no content: its bytes are in the blob store under its checksum
 * (SHA-256), and `contentType` says what they are.
 */
export type ThemeFile = { path: string; content: string; checksum: string; size: number; contentType?: string }

/**
 * Per-file and per-theme limits. Text files travel inside events, which must stay small: 256 KB
 * a file (Shopify's own cap on a Liquid file) and 10 MB a theme. Binary assets (images, fonts)
 * live in the blob store, so they get their own, larger budget. A current Shopify theme (Horizon:
 * ~470 files, 4.7 MB of text) fits with room to grow.
 */
export const FILE_MAX_BYTES = 256 * 1024
export const BINARY_FILE_MAX_BYTES = 5 * 1024 * 1024
export const THEME_MAX_FILES = 1000
export const THEME_MAX_BYTES = 10 * 1024 * 1024
export const THEME_MAX_BINARY_BYTES = 50 * 1024 * 1024

/** Files every theme keeps: the renderer cannot work without them, so they may be changed but not deleted. */
export const REQUIRED_FILES = [
  'layout/theme.liquid',
  'templates/index.json',
  'config/settings_schema.json',
  'config/settings_data.json',
] as const

const NAME = '[A-Za-z0-9_][A-Za-z0-9._-]*'
/** Text assets: styles, scripts (with their TypeScript declarations and source maps), data, SVG, and Liquid-rendered variants. */
const TEXT_ASSET_EXTENSIONS = [
  'css',
  'js',
  'mjs',
  'ts',
  'map',
  'json',
  'svg',
  'txt',
  'css\\.liquid',
  'js\\.liquid',
  'scss\\.liquid',
]
/** Folder → the file names it takes. */
const PATH_RULES: readonly RegExp[] = [
  new RegExp(`^layout/${NAME}\\.liquid$`),
  new RegExp(`^templates/(customers/)?${NAME}\\.(json|liquid)$`),
  new RegExp(`^sections/${NAME}\\.(liquid|json)$`),
  new RegExp(`^snippets/${NAME}\\.liquid$`),
  new RegExp(`^blocks/${NAME}\\.liquid$`),
  new RegExp(`^assets/${NAME}\\.(${TEXT_ASSET_EXTENSIONS.join('|')})$`),
  new RegExp(`^locales/${NAME}\\.json$`),
  /^config\/(settings_schema|settings_data)\.json$/,
]

/** Binary assets a theme zip may bring, by extension, with the type they are served as. */
export const BINARY_ASSET_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  eot: 'application/vnd.ms-fontobject',
  ttf: 'font/ttf',
  otf: 'font/otf',
}
const BINARY_ASSET = new RegExp(`^assets/${NAME}\\.(${Object.keys(BINARY_ASSET_TYPES).join('|')})$`)

/** The content type of a binary asset path (assets/logo.png → image/png), or null for any other path. */
export function binaryAssetType(path: string): string | null {
  return BINARY_ASSET.test(path) ? BINARY_ASSET_TYPES[path.slice(path.lastIndexOf('.') + 1)]! : null
}

/** A binary asset as stored: no content, its bytes' SHA-256 and size. */
export function binaryThemeFile(path: string, bytes: Uint8Array, contentType: string): ThemeFile {
  return {
    path,
    content: '',
    checksum: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.byteLength,
    contentType,
  }
}

export const SETTINGS_SCHEMA_PATH = 'config/settings_schema.json'
export const SETTINGS_DATA_PATH = 'config/settings_data.json'

/** A theme file path: one of the theme folders and a file type that folder holds. */
export const themeFilePath = z
  .string({ error: (issue) => (issue.input === undefined ? 'path is required' : 'path must be a string') })
  .trim()
  .refine(isThemeFilePath, {
    message:
      'path must name a theme file: layout/*.liquid, templates/*.json or .liquid (templates/customers/ too), sections/*.liquid or .json, ' +
      'snippets/*.liquid, blocks/*.liquid, assets/*.css|.js|.mjs|.ts|.map|.json|.svg|.txt (and .css.liquid, .js.liquid), locales/*.json, config/settings_schema.json or config/settings_data.json; ' +
      'images and fonts in assets/ come in a theme zip (themeCreate with source ZIP)',
  })
  .describe("The file's path in the theme, e.g. 'sections/header.liquid' or 'templates/index.json'.")

/** Whether a path names a file a theme may hold (see `themeFilePath`). */
export function isThemeFilePath(path: string): boolean {
  return PATH_RULES.some((rule) => rule.test(path))
}

export function byteLength(content: string): number {
  return Buffer.byteLength(content, 'utf8')
}

/** Bytes of text (what events carry) and of binary assets (what the blob store holds) in a list of files. */
export function themeBytes(files: Iterable<ThemeFile>): { text: number; binary: number } {
  const bytes = { text: 0, binary: 0 }
  for (const file of files) bytes[file.contentType === undefined ? 'text' : 'binary'] += file.size
  return bytes
}

/** The file as stored: content, its SHA-256 and its size in bytes. */
export function themeFile(path: string, content: string): ThemeFile {
  return { path, content, checksum: createHash('sha256').update(content).digest('hex'), size: byteLength(content) }
}

/**
 * Checks one file's content for its kind: Liquid parses (and a section's `{% schema %}` is
 * valid), JSON files parse and have their shape. Throws BAD_USER_INPUT at `field` with the
 * line and column in the message and in `details`.
 */
export function validateThemeFile(
  path: string,
  content: string,
  field: readonly (string | number)[] = ['input', 'content'],
): void {
  if (byteLength(content) > FILE_MAX_BYTES) {
    throw badInput(
      field,
      `${path} is ${byteLength(content)} bytes; a theme file may hold at most ${FILE_MAX_BYTES} bytes (split it into snippets)`,
    )
  }
  const problem = fileProblem(path, content)
  if (problem) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `${path} line ${problem.line}, column ${problem.column}: ${problem.message}`,
      {
        field,
        details: { path, line: problem.line, column: problem.column },
      },
    )
  }
}

function fileProblem(path: string, content: string): SourceError | null {
  if (path.endsWith('.liquid')) {
    const liquid = liquidSyntaxError(content)
    if (liquid) return liquid
    if (path.startsWith('sections/') || path.startsWith('blocks/')) {
      const schema = parseSectionSchema(content)
      if (!schema.ok) return schema.error
    }
    return null
  }
  if (!path.endsWith('.json')) return null
  const json = parseJsonSource(content)
  if (!json.ok) return json.error
  const at1 = (message: string): SourceError => ({ message, line: 1, column: 1 })
  if (path === SETTINGS_SCHEMA_PATH) {
    const result = parseSettingsSchema(json.value)
    return result.ok ? null : at1(result.message)
  }
  if (path === SETTINGS_DATA_PATH) {
    const problem = settingsDataProblem(json.value)
    return problem ? at1(problem) : null
  }
  if (path.startsWith('templates/') || (path.startsWith('sections/') && path.endsWith('.json'))) {
    const result = templateShape.safeParse(json.value)
    if (result.success) return null
    const issue = result.error.issues[0]!
    return at1(
      `invalid ${path.startsWith('templates/') ? 'template' : 'section group'}${issue.path.length ? ` at ${issue.path.join('.')}` : ''}: ${issue.message}`,
    )
  }
  return isObject(json.value) ? null : at1(`${path} must hold a JSON object`)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const blockInstance = z.looseObject({
  type: z.string({ error: 'a block needs a type' }),
  settings: z.record(z.string(), z.unknown(), { error: 'settings must be an object' }).optional(),
  disabled: z.boolean().optional(),
})

const sectionInstance = z.looseObject({
  type: z.string({ error: "a section needs a type (a file name in sections/ without '.liquid')" }),
  settings: z.record(z.string(), z.unknown(), { error: 'settings must be an object' }).optional(),
  blocks: z.record(z.string(), blockInstance, { error: 'blocks must be an object of block id → block' }).optional(),
  block_order: z.array(z.string()).optional(),
  disabled: z.boolean().optional(),
})

/** A JSON template or section group: which sections, in what order, with what settings and blocks. */
export const templateShape = z
  .looseObject({
    layout: z.union([z.string(), z.literal(false)]).optional(),
    sections: z.record(z.string(), sectionInstance, { error: 'sections must be an object of section id → section' }),
    order: z.array(z.string(), { error: 'order must be a list of section ids' }),
  })
  .superRefine((template, ctx) => {
    template.order.forEach((id, index) => {
      if (!(id in template.sections))
        ctx.addIssue({
          code: 'custom',
          path: ['order', index],
          message: `order names section '${id}', which is not in sections`,
        })
    })
    for (const [id, section] of Object.entries(template.sections)) {
      section.block_order?.forEach((blockId, index) => {
        if (!section.blocks || !(blockId in section.blocks)) {
          ctx.addIssue({
            code: 'custom',
            path: ['sections', id, 'block_order', index],
            message: `block_order names block '${blockId}', which is not in blocks`,
          })
        }
      })
    }
  })

export type TemplateData = z.output<typeof templateShape>
