import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Tenant, TestApp } from './app.js'
import { perFile } from './per-file.js'
import { untilMainTheme, type ThemeView } from './themes.js'

/** A shopper's GET (or another method) of a storefront path on a host, as a browser sends it. */
export function visit(
  t: TestApp,
  host: string,
  url: string,
  options: { method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE'; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: { host, accept: 'text/html', ...options.headers },
  })
}

/**
 * Visits `url` and checks that it answers the theme's 404 page: status 404, heading "Page not found".
 * The response, for a test to check more of it.
 *
 * @example const response = await visitNotFound(t, HOST, '/products/never-was')
 */
export async function visitNotFound(t: TestApp, host: string, url: string): Promise<LightMyRequestResponse> {
  const response = await visit(t, host, url)
  expect(response.statusCode).toBe(404)
  expect(textsOf(response.body, 'h1')).toEqual(['Page not found'])
  return response
}

/** The text of every element matching a simple tag name, tags inside stripped. */
export function textsOf(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
    m[1]!
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
}

/** How many elements of a tag the page has. */
export function countOf(html: string, tag: string): number {
  return [...html.matchAll(new RegExp(`<${tag}\\b`, 'g'))].length
}

/** The JSON-LD objects of a page. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  )
}

/** A store of the test file's app as shoppers reach it: its own host, with its main theme installed. */
export interface ThemedShop extends Tenant {
  /** `<slug>.localhost`, the host the storefront answers for the store. */
  host: string
  /** The main theme the platform installed when the store was created. */
  theme: ThemeView
}

/**
 * A store made in `beforeAll` and waited on until its main theme is installed, for tests that
 * visit its storefront; instead of the HOST constant, tenant and `untilMainTheme` each file wrote.
 *
 * @example
 * const shop = useThemedShop(t, 'cat-shop')
 * it('…', async () => expect((await visit(t, shop.host, '/')).statusCode).toBe(200))
 */
export function useThemedShop(t: TestApp, slug: string): ThemedShop {
  return perFile(
    async () => {
      const tenant = await t.tenant(slug)
      return { ...tenant, host: `${slug}.localhost`, theme: await untilMainTheme(t, tenant.apiKey) }
    },
    () => Promise.resolve(),
  )
}
