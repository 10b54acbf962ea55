import { escapeHtml, escapeOnce } from './liquid/escape.js'
import type { StorefrontTheme } from './theme.js'

/** A store locale as Liquid's `request.locale` and `localization.available_languages` show it. */
export interface LocaleObject {
  iso_code: string
  name: string
  endonym_name: string
  primary: boolean
  /** `/` for the default locale, `/fr-ca` for the others. */
  root_url: string
}

/** The URL prefix of a locale: `fr-CA` → `/fr-ca`; none for the store's default locale. */
export const prefixOf = (locale: string, defaultLocale: string) =>
  locale === defaultLocale ? '' : `/${locale.toLowerCase()}`

/**
 * A path's first segment when it is shaped like a locale (`fr`, `fr-CA`), and the path after it
 * (`/` for nothing); null otherwise. Whether it is one of a store's locales is the caller's question.
 */
export function localeShapedPrefix(path: string): { segment: string; rest: string } | null {
  const match = /^\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)(?=\/|$)/.exec(path)
  return match ? { segment: match[1]!, rest: path.slice(match[0].length) || '/' } : null
}

/**
 * Splits `/fr-ca/products/x` into the enabled locale it names and the rest of the path. A first
 * segment that is no enabled locale is part of the path; the default locale has no prefix.
 */
export function splitLocale(
  path: string,
  enabled: readonly string[],
  defaultLocale: string,
): { locale: string; path: string; prefixed: boolean } {
  const prefix = localeShapedPrefix(path)
  const locale = prefix && enabled.find((candidate) => candidate.toLowerCase() === prefix.segment.toLowerCase())
  if (!prefix || !locale) return { locale: defaultLocale, path, prefixed: false }
  return { locale, path: prefix.rest, prefixed: true }
}

/** Language names by `displayIn locale`: building an `Intl.DisplayNames` costs more than the rest of a page's locales. */
const languageNames = new Map<string, string>()
const LANGUAGE_NAMES_MAX = 1_000

/** `locale`'s name in the language of `displayIn`, escaped; the code itself where Intl knows none. */
function languageName(locale: string, displayIn: string): string {
  const key = `${displayIn} ${locale}`
  let name = languageNames.get(key)
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames([displayIn], { type: 'language' }).of(locale) ?? locale
    } catch {
      name = locale
    }
    name = escapeHtml(name)
    if (languageNames.size >= LANGUAGE_NAMES_MAX) languageNames.clear()
    languageNames.set(key, name)
  }
  return name
}

export function localeObject(locale: string, defaultLocale: string): LocaleObject {
  return {
    iso_code: locale,
    name: languageName(locale, defaultLocale),
    endonym_name: languageName(locale, locale),
    primary: locale === defaultLocale,
    root_url: prefixOf(locale, defaultLocale) || '/',
  }
}

type Strings = Record<string, unknown>
const parsed = new WeakMap<StorefrontTheme, Map<string, Strings | null>>()

function localeFile(theme: StorefrontTheme, path: string): Strings | null {
  let files = parsed.get(theme)
  if (!files) parsed.set(theme, (files = new Map()))
  if (!files.has(path)) {
    const source = theme.files.get(path)
    let value: Strings | null = null
    try {
      value = source === undefined ? null : (JSON.parse(source) as Strings)
    } catch {
      // A locale file that does not parse offers no strings; the fallback answers.
    }
    files.set(path, value)
  }
  return files.get(path)!
}

function lookup(strings: Strings | null, key: string): unknown {
  let value: unknown = strings
  for (const part of key.split('.')) {
    if (!value || typeof value !== 'object') return undefined
    value = (value as Strings)[part]
  }
  return value
}

/**
 * The theme's locale files a locale reads, most specific first: `fr-CA.json`, `fr.json`, then
 * the theme's `*.default.json`.
 */
export function localeFiles(theme: StorefrontTheme, locale: string): Strings[] {
  const language = locale.split('-')[0]!
  const defaults = [...theme.files.keys()].find((path) => /^locales\/[^/]+\.default\.json$/.test(path))
  return [`locales/${locale}.json`, `locales/${language}.json`, ...(defaults ? [defaults] : [])]
    .map((path) => localeFile(theme, path))
    .filter((strings): strings is Strings => strings !== null)
}

/**
 * `{{ 'products.from_price' | t: price: x }}`: the first locale file holding the key, with
 * `{{ name }}` placeholders filled (values are escaped, once, unless the key ends in `_html`; `count`
 * picks `one`/`other` forms). `override` is a merchant's registered translation of the default string.
 */
export function translateKey(
  files: readonly Strings[],
  key: string,
  variables: Record<string, unknown>,
  override: (key: string) => string | undefined,
): string | null {
  let value: unknown
  for (const strings of files) {
    value = lookup(strings, key)
    if (value !== undefined) break
  }
  if (value && typeof value === 'object' && 'count' in variables) {
    const forms = value as Strings
    value = Number(variables.count) === 1 ? (forms.one ?? forms.other) : (forms.other ?? forms.one)
  }
  const text = override(key) ?? (typeof value === 'string' ? value : null)
  if (text === null) return null
  const html = key.endsWith('_html')
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const filled = variables[name]
    if (filled === undefined || filled === null) return ''
    return html ? String(filled) : escapeOnce(String(filled))
  })
}
