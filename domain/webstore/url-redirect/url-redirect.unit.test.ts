import { describe, expect, it } from 'vitest'
import { assertHandleLife } from '../../../test/support/handle-life-spec.js'
import { assertDeletion, deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import type { UrlRedirectCommand } from './commands.js'
import { urlRedirectCreate, urlRedirectDecider, urlRedirectPathReservations, urlRedirectUpdate } from './definitions.js'
import type { UrlRedirectEvent } from './events.js'
import { normalizeRedirectPath, normalizeRedirectTarget } from './path.js'
import { redirectPathKey, urlRedirectStream } from './streams.js'
import { STORE, ctx } from '../../../test/support/decide-context.js'

const R = '01900000-0000-7000-8000-0000000000f1'
const OTHER = '01900000-0000-7000-8000-0000000000f2'
const spec = deciderSpec(urlRedirectDecider, ctx)

const created: UrlRedirectEvent = {
  type: 'UrlRedirectCreated',
  data: { urlRedirectId: R, path: '/products/old', target: '/products/new' },
}
const create = (path: string, target: string, loopsVia: string | null = null): UrlRedirectCommand => ({
  type: 'UrlRedirectCreate',
  data: { urlRedirectId: R, path, target, loopsVia },
})
const update = (data: { path?: string; target?: string; loopsVia?: string | null }): UrlRedirectCommand => ({
  type: 'UrlRedirectUpdate',
  data: { urlRedirectId: R, loopsVia: null, ...data },
})

/** A store holding `redirects` (path → target), as prepare sees it through reservations and streams. */
function envWith(redirects: Record<string, string>): PrepareEnv {
  const ids = new Map(Object.keys(redirects).map((path, i) => [path, `id-${i}`]))
  return {
    ctx,
    newId: () => R,
    reservationOwner: async (_scope, key) => [...ids].find(([path]) => redirectPathKey(path) === key)?.[1] ?? null,
    readStream: async (stream): Promise<PastEvent[]> => {
      const path = [...ids].find(([, id]) => urlRedirectStream(STORE, id) === stream)?.[0]
      if (!path) return []
      const data = { urlRedirectId: ids.get(path)!, path, target: redirects[path]! }
      return [{ type: 'UrlRedirectCreated', data, revision: 0, occurredAt: ctx.now.toISOString() }]
    },
  }
}

describe('redirect paths and targets', () => {
  it('normalizes a path: no host, query, fragment, trailing or repeated slash; lowercase', () => {
    expect(normalizeRedirectPath('https://shop.example/Products/Old-Shirt/?utm=x#top')).toEqual({
      ok: true,
      value: '/products/old-shirt',
    })
    expect(normalizeRedirectPath('fr//pages/About/')).toEqual({ ok: true, value: '/fr/pages/about' })
    expect(normalizeRedirectPath('/').ok).toBe(false)
    expect(normalizeRedirectPath('/a b').ok).toBe(false)
    expect(normalizeRedirectPath('/pages/../admin').ok).toBe(false)
  })

  it('keeps the query of a path target and https URLs as given; refuses other schemes', () => {
    expect(normalizeRedirectTarget('/Collections/Sale/?sort=Price')).toEqual({
      ok: true,
      value: '/collections/sale?sort=Price',
    })
    expect(normalizeRedirectTarget('/')).toEqual({ ok: true, value: '/' })
    expect(normalizeRedirectTarget('https://Example.com/A')).toEqual({ ok: true, value: 'https://Example.com/A' })
    expect(normalizeRedirectTarget('http://example.com').ok).toBe(false)
    expect(normalizeRedirectTarget('javascript:alert(1)').ok).toBe(false)
    // A browser follows `/\evil.example` to evil.example, as it would `//evil.example`.
    for (const target of ['/\\evil.example', '\\\\evil.example', '/\\/evil.example/x', '/products\\x'])
      expect(normalizeRedirectTarget(target)).toEqual({
        ok: false,
        message: "a path may not contain a backslash; use '/'",
      })
  })

  it('names the field at fault in the input', () => {
    expect(urlRedirectCreate.input.safeParse({ path: '/', target: '/x' }).error?.issues[0]).toMatchObject({
      path: ['path'],
      message: expect.stringMatching(/^path: the home page/),
    })
    expect(urlRedirectCreate.input.safeParse({ path: '/a', target: 'ftp://x' }).error?.issues[0]?.path).toEqual([
      'target',
    ])
  })
})

describe('urlRedirectCreate', () => {
  it('records the redirect once', () => {
    spec.given([]).when(create('/products/old', '/products/new')).then([created])
    spec
      .given([created])
      .when(create('/products/old', '/products/new'))
      .thenFails({ code: 'CONFLICT', message: 'already exists' })
  })

  it('refuses a redirect to itself and one that loops back', () => {
    spec
      .given([])
      .when(create('/pages/a', '/pages/a?x=1'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'target'], message: 'same path' })
    spec
      .given([])
      .when(create('/pages/b', '/pages/a', '/pages/a'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'target'], message: "'/pages/a' already leads back" })
  })

  it('finds the loop by following the target through the store, and none otherwise', async () => {
    const env = envWith({ '/pages/a': '/pages/b', '/pages/x': '/pages/y' })
    const prepare = async (path: string, target: string) =>
      (await urlRedirectCreate.prepare(urlRedirectCreate.input.parse({ path, target }), env)).command
    expect(await prepare('/pages/b', '/pages/a')).toMatchObject({ data: { loopsVia: '/pages/a' } })
    expect(await prepare('/pages/c', '/pages/a')).toMatchObject({ data: { loopsVia: null } })
    expect(await prepare('/pages/y', 'https://example.com/pages/x')).toMatchObject({ data: { loopsVia: null } })
  })
})

describe('urlRedirectUpdate and urlRedirectDelete', () => {
  it('records each changed field and nothing when unchanged', () => {
    spec
      .given([created])
      .when(update({ path: '/products/older', target: '/products/newer' }))
      .then([
        { type: 'UrlRedirectPathChanged', data: { urlRedirectId: R, from: '/products/old', to: '/products/older' } },
        { type: 'UrlRedirectTargetChanged', data: { urlRedirectId: R, from: '/products/new', to: '/products/newer' } },
      ])
    spec
      .given([created])
      .when(update({ target: '/products/new' }))
      .then([])
    spec
      .given([created])
      .when(update({ target: '/products/old' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'target'] })
  })

  it('answers NOT_FOUND for unknown and deleted redirects', async () => {
    const deleted: UrlRedirectEvent = { type: 'UrlRedirectDeleted', data: { urlRedirectId: R, path: '/products/old' } }
    assertDeletion(spec, { created, remove: { type: 'UrlRedirectDelete', data: { urlRedirectId: R } }, deleted })
    spec
      .given([])
      .when(update({ target: '/x' }))
      .thenFails({ code: 'NOT_FOUND', message: `'${R}' does not exist` })
    const prepared = await urlRedirectUpdate.prepare(
      urlRedirectUpdate.input.parse({ id: OTHER, target: '/x' }),
      envWith({}),
    )
    expect(prepared.command).toMatchObject({ data: { urlRedirectId: OTHER, target: '/x', loopsVia: null } })
  })
})

describe('redirect path reservations', () => {
  it('claims on create, moves on path change and releases on delete', () => {
    const changed: UrlRedirectEvent = {
      type: 'UrlRedirectPathChanged',
      data: { urlRedirectId: R, from: '/products/old', to: '/products/older' },
    }
    const deleted: UrlRedirectEvent = {
      type: 'UrlRedirectDeleted',
      data: { urlRedirectId: R, path: '/products/older' },
    }
    const keys = ['redirect-path:/products/old', 'redirect-path:/products/older'] as const
    const changes = assertHandleLife(urlRedirectPathReservations, [created, changed, deleted], keys, ctx)
    expect(changes[0]).toMatchObject({ field: ['input', 'path'] })
  })
})
