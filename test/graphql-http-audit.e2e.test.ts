import { serverAudits, type AuditResult } from 'graphql-http'
import { beforeAll, expect, it } from 'vitest'
import { useTenant, useTestApp } from './support/app.js'

// The GraphQL-over-HTTP spec's own conformance audits (graphql-http), run against a real
// listening server with a key, as a client library would meet it.

const t = useTestApp()
const shop = useTenant(t, 'audit-shop')
let url: string
beforeAll(async () => {
  url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/graphql`
})

it('passes every MUST and SHOULD audit of the GraphQL-over-HTTP spec', async () => {
  const withKey = (input: Parameters<typeof fetch>[0], init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('authorization', `Bearer ${shop.apiKey}`)
    return fetch(input, { ...init, headers })
  }
  const results: AuditResult[] = []
  for (const audit of serverAudits({ url, fetchFn: withKey })) results.push(await audit.fn())
  const failed = (status: string) =>
    results.filter((r) => r.status === status).map((r) => `${r.name}: ${'reason' in r ? r.reason : ''}`)
  expect({ errors: failed('error'), warnings: failed('warn') }).toEqual({ errors: [], warnings: [] })
  expect(results.filter((r) => r.status === 'ok').length).toBeGreaterThan(0)
})
