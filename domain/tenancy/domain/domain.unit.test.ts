import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { storeDomainAddInput, storeDomainIdInput, type StoreDomainCommand } from './commands.js'
import { MAX_DOMAINS_PER_STORE, domainDecider } from './decide.js'
import { hostnameReservations, storeDomainAdd, storeDomainVerificationRecord } from './definitions.js'
import { storeDomainVerify } from './service-definitions.js'
import type { StoreDomainEvent } from './events.js'
import { isPlatformHostname, normalizeHostname } from './hostname.js'
import { contextWith, prepareEnv } from '../../../test/support/decide-context.js'

const storeId = '0190a0b0-0000-7000-8000-000000000002'
const A = '0190a0b0-0000-7000-8000-0000000000d1'
const B = '0190a0b0-0000-7000-8000-0000000000d2'
const token = 'emporium-verification=0123456789abcdef'
const ctx = contextWith({ now: new Date('2026-11-21T10:00:00Z'), organizationId: 'org', storeId })
const spec = deciderSpec(domainDecider, ctx)

const added = (domainId: string, hostname: string): StoreDomainEvent => ({
  type: 'StoreDomainAdded',
  data: { storeId, domainId, hostname, verificationToken: token },
})
const verified = (domainId: string, hostname: string): StoreDomainEvent => ({
  type: 'StoreDomainVerified',
  data: { storeId, domainId, hostname },
})
const verify = (domainId: string, lookup: { records: string[] } | { error: string }): StoreDomainCommand => ({
  type: 'StoreDomainVerify',
  data: { storeId, domainId, lookup },
})

describe('storeDomainAdd', () => {
  it('adds a pending domain', () => {
    spec
      .given([])
      .when({
        type: 'StoreDomainAdd',
        data: { storeId, domainId: A, hostname: 'shop.example.com', verificationToken: token },
      })
      .then([added(A, 'shop.example.com')])
  })

  it('refuses a hostname the store already has, and more than the limit', () => {
    spec
      .given([added(A, 'shop.example.com')])
      .when({
        type: 'StoreDomainAdd',
        data: { storeId, domainId: B, hostname: 'shop.example.com', verificationToken: token },
      })
      .thenFails({ code: 'CONFLICT', field: ['input', 'hostname'] })
    const full = Array.from({ length: MAX_DOMAINS_PER_STORE }, (_, i) =>
      added(`0190a0b0-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`, `d${i}.example.com`),
    )
    spec
      .given(full)
      .when({
        type: 'StoreDomainAdd',
        data: { storeId, domainId: B, hostname: 'one-more.example.com', verificationToken: token },
      })
      .thenFails({ code: 'BAD_USER_INPUT', message: `at most ${MAX_DOMAINS_PER_STORE}` })
  })

  it('mints the id and an unguessable token, writing to the store’s domain stream', async () => {
    let n = 0
    const env = prepareEnv({ ctx, newId: () => `0190a0b0-0000-7000-8000-00000000000${++n}` })
    const prepared = await storeDomainAdd.prepare(storeDomainAddInput.parse({ hostname: 'Shop.Example.com' }), env)
    expect(prepared).toMatchObject({
      stream: `domain-${storeId}_${storeId}`,
      entityId: '0190a0b0-0000-7000-8000-000000000001',
      command: { data: { hostname: 'shop.example.com' } },
    })
    expect((prepared.command.data as { verificationToken: string }).verificationToken).toMatch(
      /^emporium-verification=[0-9a-f]{40}$/,
    )
  })

  it('claims the hostname across the platform and releases it on removal', () => {
    expect(hostnameReservations([added(A, 'shop.example.com')])).toEqual([
      {
        kind: 'claim',
        scope: 'domain',
        key: 'shop.example.com',
        ownerId: A,
        field: ['input', 'hostname'],
        message: expect.stringContaining('already used by another store'),
      },
    ])
    expect(
      hostnameReservations([
        { type: 'StoreDomainRemoved', data: { storeId, domainId: A, hostname: 'shop.example.com', wasPrimary: false } },
      ]),
    ).toEqual([{ kind: 'release', scope: 'domain', key: 'shop.example.com', ownerId: A }])
  })
})

describe('storeDomainVerify', () => {
  it('verifies when a TXT value is the token', () => {
    spec
      .given([added(A, 'shop.example.com')])
      .when(verify(A, { records: ['other', token] }))
      .then([verified(A, 'shop.example.com')])
  })

  it('records a failure naming the record, the value and what was found', () => {
    const failed = (found: string[], outcome: string): StoreDomainEvent => ({
      type: 'StoreDomainVerificationFailed',
      data: {
        storeId,
        domainId: A,
        hostname: 'shop.example.com',
        found,
        reason: `add a TXT record named _emporium.shop.example.com with the value "${token}", wait for DNS to publish it and verify again; ${outcome}`,
      },
    })
    spec
      .given([added(A, 'shop.example.com')])
      .when(verify(A, { records: ['nope'] }))
      .then([failed(['nope'], 'found "nope"')])
    spec
      .given([added(A, 'shop.example.com')])
      .when(verify(A, { error: 'ESERVFAIL looking up x' }))
      .then([failed([], 'DNS answered: ESERVFAIL looking up x')])
  })

  it('keeps a verified domain verified', () => {
    spec
      .given([added(A, 'shop.example.com'), verified(A, 'shop.example.com')])
      .when(verify(A, { records: [] }))
      .then([])
  })

  it('answers NOT_FOUND for a domain the store does not have', () => {
    spec
      .given([])
      .when(verify(A, { records: [token] }))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'id'] })
  })

  it('is a GraphQL service that does the lookup itself; recording what it found is offered to no transport', () => {
    expect(storeDomainVerify).toMatchObject({ execution: 'service', transports: ['graphql'] })
    expect(storeDomainVerificationRecord.transports).toEqual([])
  })
})

describe('storeDomainSetPrimary and storeDomainRemove', () => {
  const both = [added(A, 'a.example.com'), verified(A, 'a.example.com'), added(B, 'b.example.com')]
  const setPrimary = (domainId: string): StoreDomainCommand => ({
    type: 'StoreDomainSetPrimary',
    data: { storeId, domainId },
  })
  const madePrimary = (domainId: string, hostname: string, previousDomainId: string | null): StoreDomainEvent => ({
    type: 'StoreDomainMadePrimary',
    data: { storeId, domainId, hostname, previousDomainId },
  })

  it('makes a verified domain primary, naming the previous one', () => {
    spec
      .given(both)
      .when(setPrimary(A))
      .then([madePrimary(A, 'a.example.com', null)])
    const withB = [...both, verified(B, 'b.example.com'), madePrimary(A, 'a.example.com', null)]
    spec
      .given(withB)
      .when(setPrimary(B))
      .then([madePrimary(B, 'b.example.com', A)])
    spec.given(withB).when(setPrimary(A)).then([])
  })

  it('refuses to make an unverified domain primary', () => {
    spec
      .given(both)
      .when(setPrimary(B))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'id'], message: 'pending, not verified' })
  })

  it('removes a domain, saying whether it was primary', () => {
    spec
      .given(both)
      .when({ type: 'StoreDomainRemove', data: { storeId, domainId: B } })
      .then([
        { type: 'StoreDomainRemoved', data: { storeId, domainId: B, hostname: 'b.example.com', wasPrimary: false } },
      ])
    spec
      .given([
        ...both,
        { type: 'StoreDomainRemoved', data: { storeId, domainId: B, hostname: 'b.example.com', wasPrimary: false } },
      ])
      .when({ type: 'StoreDomainRemove', data: { storeId, domainId: B } })
      .thenFails({ code: 'NOT_FOUND' })
  })

  it('takes a domain id', () => {
    expect(
      storeDomainIdInput('storeDomainRemove').safeParse({ id: 'shop.example.com' }).error?.issues[0],
    ).toMatchObject({ path: ['id'] })
  })
})

describe('hostnames', () => {
  it.each([
    ['Shop.Example.COM.', 'shop.example.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
  ])('normalises %s to %s', (text, hostname) => {
    expect(normalizeHostname(text)).toEqual({ hostname })
  })

  it.each([
    '',
    '10.0.0.1',
    '::1',
    'http://x.com',
    'x.com/path',
    'x.com:443',
    '*.x.com',
    'shop',
    'a..b.com',
    '-a.com',
    `${'a'.repeat(64)}.com`,
    'x.localhost',
    'printer.local',
  ])('refuses %j', (text) => {
    expect(normalizeHostname(text)).toHaveProperty('problem')
  })

  it('tells platform subdomains apart from lookalikes', () => {
    expect(isPlatformHostname('acme.emporium.shop', 'emporium.shop')).toBe(true)
    expect(isPlatformHostname('emporium.shop', 'Emporium.Shop.')).toBe(true)
    expect(isPlatformHostname('notemporium.shop', 'emporium.shop')).toBe(false)
  })
})
