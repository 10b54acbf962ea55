import type { FilterImplOptions, Liquid } from 'liquidjs'
import { VARIANT_WIDTHS } from '../../../infra/media/variants.js'
import { escapeHtml, escapeOnce } from './escape.js'
import { defaultPagination, type PaginateObject } from './pagination.js'
import { runtimeOf } from './runtime.js'

// Shopify's theme filters over the storefront objects. Money amounts are minor units (cents), as
// Shopify's are; images are objects with `src`, `width`, `height` and `alt`.

type FilterThis = ThisParameterType<Extract<FilterImplOptions, (...args: never[]) => unknown>>

/** What `image_url` answers: prints as the URL, and `image_tag` reads the image's size and alt from it. */
export class ImageUrl {
  constructor(
    readonly url: string,
    readonly image: StorefrontImage | null,
    readonly width: number | null,
  ) {}
  toString(): string {
    return this.url
  }
}

/** An image as themes see it (`product.featured_image`, `image_picker` settings). */
export interface StorefrontImage {
  id: string
  src: string
  url: string
  alt: string
  width: number | null
  height: number | null
  aspect_ratio: number | null
  media_type: 'image'
}

function isImage(value: unknown): value is StorefrontImage {
  return typeof value === 'object' && value !== null && typeof (value as StorefrontImage).src === 'string'
}

/** The smallest width the storage serves that is at least `wanted` (the largest when none is). */
function servedWidth(wanted: number): number {
  return VARIANT_WIDTHS.find((width) => width >= wanted) ?? VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!
}

function widthUrl(src: string, width: number | null): string {
  if (width === null || !src.startsWith('/storage/')) return src
  return `${src}${src.includes('?') ? '&' : '?'}w=${servedWidth(width)}`
}

function keywordArgs(args: unknown[]): Record<string, unknown> {
  const named: Record<string, unknown> = {}
  for (const arg of args)
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') named[arg[0]] = arg[1]
  return named
}

function attributes(values: Record<string, unknown>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([key, value]) =>
      value === true
        ? ` ${key.replace(/[^\w-]/g, '')}`
        : ` ${key.replace(/[^\w-]/g, '')}="${escapeOnce(String(value))}"`,
    )
    .join('')
}

function money(this: FilterThis, cents: unknown, withCurrency: boolean, trailingZeros = true): string {
  const { currency, locale } = runtimeOf(this.context)
  // Nil is no price (catalog mode, a product without variants), not zero: it prints nothing.
  if (cents == null || cents === '') return ''
  const minor = Number(cents)
  if (!Number.isFinite(minor)) return ''
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  const amount = minor / 10 ** digits
  const whole = !trailingZeros && Number.isInteger(amount)
  const text = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount)
  return withCurrency ? `${text} ${currency}` : text
}

function imageTag(value: unknown, ...args: unknown[]): string {
  const named = keywordArgs(args)
  const url = value instanceof ImageUrl ? value : new ImageUrl(String(value ?? ''), null, null)
  const image = url.image
  const width = url.width ?? image?.width ?? null
  const height =
    image?.width && image.height && width ? Math.round((image.height * width) / image.width) : (image?.height ?? null)
  const srcset =
    image && url.url.startsWith('/storage/')
      ? VARIANT_WIDTHS.filter((w) => w <= (image.width ?? Infinity) && w <= (width ?? Infinity) * 2)
          .map((w) => `${widthUrl(image.src, w)} ${w}w`)
          .join(', ')
      : ''
  const { alt, ...rest } = named
  return `<img${attributes({
    src: url.url,
    alt: alt ?? image?.alt ?? '',
    ...(srcset ? { srcset } : {}),
    width: named.width ?? width,
    height: named.height ?? height,
    ...rest,
  })}>`
}

function handleize(value: unknown): string {
  return String(value ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** JSON that cannot end a <script> element or open a comment inside one. */
function safeJson(value: unknown): string {
  return (JSON.stringify(value ?? null) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
}

export function registerThemeFilters(liquid: Liquid): void {
  liquid.registerFilter('money', function (this: FilterThis, cents: unknown) {
    return money.call(this, cents, false)
  })
  liquid.registerFilter('money_with_currency', function (this: FilterThis, cents: unknown) {
    return money.call(this, cents, true)
  })
  liquid.registerFilter('money_without_trailing_zeros', function (this: FilterThis, cents: unknown) {
    return money.call(this, cents, false, false)
  })
  liquid.registerFilter('money_without_currency', function (this: FilterThis, cents: unknown) {
    const minor = Number(cents)
    return Number.isFinite(minor) ? (minor / 100).toFixed(2) : ''
  })
  liquid.registerFilter('image_url', (value: unknown, ...args: unknown[]) => {
    const named = keywordArgs(args)
    const width = named.width != null ? Number(named.width) : null
    if (isImage(value)) return new ImageUrl(widthUrl(value.src, width), value, width)
    if (value instanceof ImageUrl)
      return new ImageUrl(widthUrl(value.image?.src ?? value.url, width), value.image, width)
    return typeof value === 'string' && value !== '' ? new ImageUrl(widthUrl(value, width), null, width) : ''
  })
  liquid.registerFilter('img_url', (value: unknown, size?: unknown) => {
    const src = isImage(value) ? value.src : typeof value === 'string' ? value : ''
    const width = typeof size === 'string' ? Number(/^(\d+)x/.exec(size)?.[1] ?? NaN) : NaN
    return widthUrl(src, Number.isFinite(width) ? width : null)
  })
  liquid.registerFilter('image_tag', imageTag)
  liquid.registerFilter('asset_url', function (this: FilterThis, name: unknown) {
    return runtimeOf(this.context).assetUrl(String(name ?? ''))
  })
  liquid.registerFilter('asset_img_url', function (this: FilterThis, name: unknown) {
    return runtimeOf(this.context).assetUrl(String(name ?? ''))
  })
  liquid.registerFilter(
    'stylesheet_tag',
    (url: unknown) => `<link href="${escapeOnce(String(url ?? ''))}" rel="stylesheet" type="text/css" media="all">`,
  )
  liquid.registerFilter(
    'script_tag',
    (url: unknown) => `<script src="${escapeOnce(String(url ?? ''))}" defer></script>`,
  )
  liquid.registerFilter('t', function (this: FilterThis, key: unknown, ...args: unknown[]) {
    const text = runtimeOf(this.context).translate(String(key ?? ''), keywordArgs(args))
    return text ?? `translation missing: ${escapeHtml(String(key))}`
  })
  liquid.registerFilter('url_for_type', function (this: FilterThis, type: unknown) {
    return runtimeOf(this.context).localized(`/collections/types?q=${encodeURIComponent(String(type ?? ''))}`)
  })
  liquid.registerFilter('url_for_vendor', function (this: FilterThis, vendor: unknown) {
    return runtimeOf(this.context).localized(`/collections/vendors?q=${encodeURIComponent(String(vendor ?? ''))}`)
  })
  liquid.registerFilter('within', (url: unknown, collection: unknown) => {
    const handle = (collection as { handle?: unknown } | null)?.handle
    return typeof handle === 'string' && typeof url === 'string'
      ? url.replace(/\/products\//, `/collections/${handle}/products/`)
      : url
  })
  liquid.registerFilter('json', safeJson)
  liquid.registerFilter('default_pagination', (paginate: unknown, ...args: unknown[]) =>
    defaultPagination(paginate as PaginateObject, keywordArgs(args)),
  )
  liquid.registerFilter('handleize', handleize)
  liquid.registerFilter('handle', handleize)
  liquid.registerFilter('link_to', (text: unknown, url: unknown, title?: unknown) => {
    return `<a href="${escapeOnce(String(url ?? ''))}"${title != null ? ` title="${escapeOnce(String(title))}"` : ''}>${String(text ?? '')}</a>`
  })
  liquid.registerFilter('escape', (value: unknown) => (value == null ? '' : escapeOnce(String(value))))
  liquid.registerFilter('escape_once', (value: unknown) => (value == null ? '' : escapeOnce(String(value))))
  liquid.registerFilter('placeholder_svg_tag', (name: unknown, cls?: unknown) => {
    const label = escapeHtml(String(name ?? 'image'))
    return `<svg class="${escapeHtml(String(cls ?? 'placeholder-svg'))}" role="img" aria-label="${label}" viewBox="0 0 100 100"><rect width="100" height="100" fill="#e5e5e5"/></svg>`
  })
  liquid.registerFilter('pluralize', (count: unknown, singular: unknown, plural: unknown) =>
    Number(count) === 1 ? singular : plural,
  )
  liquid.registerFilter('time_tag', (date: unknown) => {
    const value = new Date(String(date))
    return Number.isNaN(value.getTime()) ? '' : `<time datetime="${value.toISOString()}">${value.toDateString()}</time>`
  })
}
