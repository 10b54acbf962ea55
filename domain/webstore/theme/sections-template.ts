import { z } from 'zod'
import { themeFile, type ThemeFile } from './files.js'
import { parseThemeJson } from './json-source.js'
import type { LiveTheme } from './theme.js'

/** Shopify's cap on sections in one JSON template or section group. */
export const MAX_SECTIONS_PER_TEMPLATE = 25

/** One block of a section instance, as a JSON template stores it. */
export interface BlockInstance {
  type: string
  settings?: Record<string, unknown>
  disabled?: boolean
  [key: string]: unknown
}

/** One section instance of a template: its type (a file in sections/), settings, blocks and their order. */
export interface SectionInstance {
  type: string
  settings?: Record<string, unknown>
  blocks?: Record<string, BlockInstance>
  block_order?: string[]
  disabled?: boolean
  [key: string]: unknown
}

/** A JSON template or section group; keys other than sections and order (layout, name, type, wrapper) are kept as they are. */
export interface TemplateJson {
  sections: Record<string, SectionInstance>
  order: string[]
  [key: string]: unknown
}

const TEMPLATE_NAME = /^(customers\/)?[A-Za-z0-9_][A-Za-z0-9._-]*$/
const GROUP_NAME = /^group:([a-z0-9_-]+)$/

/**
 * Which templates section commands edit: `index`, `product`, `product.alternate`,
 * `customers/account` (templates/<name>.json) or `group:header` (the section group
 * sections/header-group.json).
 */
export const templateName = z
  .string({ error: (issue) => (issue.input === undefined ? 'template is required' : 'template must be a string') })
  .trim()
  .refine((name) => TEMPLATE_NAME.test(name) || GROUP_NAME.test(name), {
    message:
      "template must name a JSON template ('index', 'product', 'product.alternate') or a section group ('group:header', 'group:footer')",
  })
  .describe(
    "The template to edit: 'index', 'product', 'page.contact' … (templates/<name>.json), or a section group such as 'group:header' (sections/header-group.json).",
  )

/** The file holding a template or section group. */
export function templatePath(name: string): string {
  const group = GROUP_NAME.exec(name)
  return group ? `sections/${group[1]}-group.json` : `templates/${name}.json`
}

/** The template name of a file, or null when the file is not a JSON template or section group. */
export function templateNameOf(path: string): string | null {
  const group = /^sections\/([a-z0-9_-]+)-group\.json$/.exec(path)
  if (group) return `group:${group[1]}`
  const template = /^templates\/(.+)\.json$/.exec(path)
  return template && TEMPLATE_NAME.test(template[1]!) ? template[1]! : null
}

/** The group name of `group:<name>`, or null for a template. */
export function groupOf(name: string): string | null {
  return GROUP_NAME.exec(name)?.[1] ?? null
}

/** An empty section group as Shopify writes one: a type naming the group, a name the editor shows. */
export function emptyGroup(group: string): TemplateJson {
  return { type: group, name: `${group.charAt(0).toUpperCase()}${group.slice(1)} group`, sections: {}, order: [] }
}

/**
 * Reads a template's JSON from a file, or null when it is unreadable. Files are validated on
 * write (see files.ts), so null means "not a JSON template" rather than a corrupt one.
 */
export function parseTemplate(content: string): TemplateJson | null {
  try {
    const value = parseThemeJson(content)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
    const template = value as Partial<TemplateJson>
    if (typeof template.sections !== 'object' || template.sections === null || !Array.isArray(template.order))
      return null
    return template as TemplateJson
  } catch {
    return null
  }
}

/** The template of a theme, or null when the theme has no such JSON file. */
export function readTemplate(theme: LiveTheme, name: string): TemplateJson | null {
  const file = theme.files[templatePath(name)]
  return file ? parseTemplate(file.content) : null
}

/** The file a template is written back as: two-space JSON with a final newline, as the default theme's files. */
export function templateFile(name: string, template: TemplateJson): ThemeFile {
  return themeFile(templatePath(name), `${JSON.stringify(template, null, 2)}\n`)
}

/** The blocks of a section in their order: block_order first, then any block it does not name (as Shopify renders them). */
export function orderedBlockIds(section: SectionInstance): string[] {
  const blocks = Object.keys(section.blocks ?? {})
  const order = (section.block_order ?? []).filter((id) => blocks.includes(id))
  return [...order, ...blocks.filter((id) => !order.includes(id))]
}

/** `list` with `id` inserted at `position` (the end when null or beyond it). */
export function withInserted(list: readonly string[], id: string, position: number | null): string[] {
  const at = Math.min(position ?? list.length, list.length)
  return [...list.slice(0, at), id, ...list.slice(at)]
}
