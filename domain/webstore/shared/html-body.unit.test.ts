import { describe, expect, it } from 'vitest'
import { htmlBodyInput, HTML_BODY_MAX_LENGTH, sanitizeBody } from './html-body.js'

// Bodies are printed unescaped by storefront themes: every way to run script must be gone.
const HOSTILE: [name: string, input: string, output: string][] = [
  ['script tag with its content', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
  ['event handler attribute', '<p onclick="steal()">Hi</p>', '<p>Hi</p>'],
  ['image error handler', '<img src="x.png" onerror="steal()">', '<img src="x.png" />'],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['javascript: link in mixed case and entities', '<a href="JaVaScRiPt&#58;alert(1)">x</a>', '<a>x</a>'],
  ['data: image', '<img src="data:text/html;base64,PHNjcmlwdD4=">', '<img />'],
  ['protocol-relative script host', '<a href="//evil.example/x">x</a>', '<a>x</a>'],
  ['iframe with its content', '<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
  ['style tag and attribute', '<style>body{display:none}</style><p style="position:fixed">x</p>', '<p>x</p>'],
  ['svg with onload', '<svg onload="steal()"><circle /></svg><p>x</p>', '<p>x</p>'],
  ['form and input', '<form action="https://evil.example"><input name="card"></form>', ''],
  ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
]

describe('sanitizeBody', () => {
  it.each(HOSTILE)('removes %s', (_name, input, output) => {
    expect(sanitizeBody(input)).toBe(output)
  })

  it('keeps allowed markup, links and images', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <a href="https://example.com/a" title="A">link</a> <a href="/pages/x">rel</a> <a href="mailto:a@b.c">mail</a></p><ul><li>one</li></ul><img src="https://cdn.example/x.png" alt="X" />'
    expect(sanitizeBody(html)).toBe(html)
  })

  it('makes links that open a new tab safe for the opener', () => {
    expect(sanitizeBody('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })
})

describe('htmlBodyInput', () => {
  const body = htmlBodyInput('body')

  it('sanitizes on parse', () => {
    expect(body.parse('<p onmouseover="x()">Hi</p>')).toBe('<p>Hi</p>')
  })

  it('refuses a body over the limit and a non-string with a message naming the field', () => {
    expect(body.safeParse('x'.repeat(HTML_BODY_MAX_LENGTH + 1)).error?.issues[0]?.message).toBe(
      `body must be at most ${HTML_BODY_MAX_LENGTH} characters`,
    )
    expect(body.safeParse(42).error?.issues[0]?.message).toBe('body must be a string of HTML')
  })
})
