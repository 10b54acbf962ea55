import sanitizeHtml from 'sanitize-html'
import { z } from 'zod'

/** Longest body accepted, before sanitizing: a long article, far from a database or event limit. */
export const HTML_BODY_MAX_LENGTH = 512 * 1024

/**
 * The rich text a page or blog post body may hold, once sanitized. Storefront themes print it
 * unescaped, so anything that could run script is dropped here, on the way in, and never
 * reaches an event: tags outside this list are removed (their text kept; `script`, `style`,
 * `iframe` … with their content), attributes outside it (every `on*` handler, `style`, `class`)
 * are removed, and URLs must be relative or use one of `URL_SCHEMES`. Links opening a new tab get
 * `rel="noopener noreferrer"`.
 */
export const HTML_BODY_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'span',
  'div',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
] as const

/** Schemes allowed in `href` (links) and `src` (images). */
export const URL_SCHEMES = { a: ['http', 'https', 'mailto', 'tel'], img: ['http', 'https'] } as const

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_BODY_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
  },
  allowedSchemes: [],
  allowedSchemesByTag: { a: [...URL_SCHEMES.a], img: [...URL_SCHEMES.img] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//evil.example/x.js` is a URL of whatever host the browser picks: absolute URLs must say their scheme.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
}

/**
 * The body as it will be stored and rendered: allowed markup only (see `HTML_BODY_TAGS`).
 *
 * @example sanitizeBody('<p onclick="x()">Hi<script>alert(1)</script></p>') // '<p>Hi</p>'
 */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

/** A body field of a command input: at most `HTML_BODY_MAX_LENGTH` characters, sanitized on the way in. */
export function htmlBodyInput(field: string) {
  return z
    .string({ error: `${field} must be a string of HTML` })
    .max(HTML_BODY_MAX_LENGTH, `${field} must be at most ${HTML_BODY_MAX_LENGTH} characters`)
    .transform(sanitizeBody)
    .describe(
      `${field} as HTML. Scripts, event handlers, styles and javascript: URLs are removed; allowed tags: ${HTML_BODY_TAGS.join(', ')}.`,
    )
}
