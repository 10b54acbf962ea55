import { beforeAll, describe, expect, it } from 'vitest'
import { useTxtResolver } from '../../../../infra/dns/txt.js'
import { useTenant, useTestApp, type Tenant } from '../../../../test/support/app.js'
import { POSITION, UUID, onlyError, badInput } from '../../../../test/support/products.js'
import { auditIn } from '../../../../test/support/settings.js'

// Custom domains: adding, DNS verification, primary, removal, platform-wide uniqueness.

const FIELDS =
  'id hostname status primary verificationRecord { name value } verificationMessage verifiedAt lastCheckedAt createdAt updatedAt'
const ADD = `mutation ($input: StoreDomainAddInput!) { storeDomainAdd(input: $input) { storeDomain { ${FIELDS} } eventPosition } }`
const VERIFY = `mutation ($id: ID!) { storeDomainVerify(input: { id: $id }) { storeDomain { ${FIELDS} } eventPosition } }`
const PRIMARY = `mutation ($id: ID!) { storeDomainSetPrimary(input: { id: $id }) { storeDomain { ${FIELDS} } eventPosition } }`
const REMOVE = `mutation ($id: ID!) { storeDomainRemove(input: { id: $id }) { deletedId eventPosition } }`
const LIST = `query ($filter: StoreDomainFilter, $sort: StoreDomainSort, $first: Int, $after: String, $page: Int, $limit: Int) {
  storeDomains(filter: $filter, sort: $sort, first: $first, after: $after, page: $page, limit: $limit) {
    nodes { hostname status primary } pageInfo { hasNextPage endCursor page totalPages } totalCount } }`

interface Domain {
  id: string
  hostname: string
  status: string
  primary: boolean
  verificationRecord: { name: string; value: string }
  verificationMessage: string | null
  verifiedAt: string | null
}

/** The fake DNS: name → TXT records; a name mapped to an Error makes the lookup fail with it. */
const dns = new Map<string, string[][] | Error>()

const t = useTestApp()
const shop = useTenant(t, 'domain-shop')
const rival = useTenant(t, 'domain-rival')
beforeAll(async () => {
  useTxtResolver(t.platform, async (name) => {
    const answer = dns.get(name)
    if (answer instanceof Error) throw answer
    if (!answer) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
    return answer
  })
})

async function add(tenant: Tenant, hostname: string): Promise<Domain> {
  const response = await t.gql<{ storeDomainAdd: { storeDomain: Domain } }>(tenant.apiKey, ADD, { input: { hostname } })
  expect(response.errors).toBeUndefined()
  return response.data!.storeDomainAdd.storeDomain
}

async function verify(tenant: Tenant, id: string) {
  return t.gql<{ storeDomainVerify: { storeDomain: Domain; eventPosition: string | null } }>(tenant.apiKey, VERIFY, {
    id,
  })
}

describe('storeDomainAdd', () => {
  it('adds a pending domain, normalised, with the TXT record to publish', async () => {
    const response = await t.gql<{ storeDomainAdd: { storeDomain: Domain; eventPosition: string } }>(shop.apiKey, ADD, {
      input: { hostname: ' Shop.Example.COM. ' },
    })
    expect(response.errors).toBeUndefined()
    expect(response.data!.storeDomainAdd.eventPosition).toMatch(POSITION)
    expect(response.data!.storeDomainAdd.storeDomain).toMatchObject({
      id: expect.stringMatching(UUID),
      hostname: 'shop.example.com',
      status: 'PENDING',
      primary: false,
      verificationRecord: {
        name: '_emporium.shop.example.com',
        value: expect.stringMatching(/^emporium-verification=[0-9a-f]{40}$/),
      },
      verificationMessage: null,
      verifiedAt: null,
    })
  })

  it('stores an internationalised name in punycode', async () => {
    expect((await add(shop, 'bücher.example')).hostname).toBe('xn--bcher-kva.example')
  })

  it('answers CONFLICT for a domain another store uses, and adds nothing there', async () => {
    await add(rival, 'taken.example.org')
    const error = onlyError(await t.gql(shop.apiKey, ADD, { input: { hostname: 'TAKEN.example.org' } }))
    expect(error).toEqual({
      code: 'CONFLICT',
      field: ['input', 'hostname'],
      message:
        "domain 'taken.example.org' is already used by another store; remove it there first, or choose another domain",
    })
    const list = await t.gql<{ storeDomains: { totalCount: number } }>(shop.apiKey, LIST, {
      filter: { hostname: { eq: 'taken.example.org' } },
    })
    expect(list.data!.storeDomains.totalCount).toBe(0)
  })

  it('answers CONFLICT for a domain the store already has', async () => {
    await add(shop, 'twice.example.com')
    expect(onlyError(await t.gql(shop.apiKey, ADD, { input: { hostname: 'twice.example.com' } }))).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already added to this store'),
    })
  })

  it.each([
    ['192.168.1.10', 'IP address'],
    ['[::1]', 'without scheme'],
    ['https://shop.example.com', 'without scheme'],
    ['shop.example.com:8080', 'without scheme'],
    ['*.example.com', 'wildcard'],
    ['localhost', 'full name'],
    ['shop.localhost', 'public domain'],
    ['-bad-.example.com', 'each part'],
    ['acme.localhost', 'public domain'],
  ])('refuses %s with BAD_USER_INPUT on input.hostname', async (hostname, reason) => {
    const error = onlyError(await t.gql(shop.apiKey, ADD, { input: { hostname } }))
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'hostname'] })
    expect(error.message).toContain(reason)
  })

  it('refuses subdomains of the platform host, which serve stores by slug', async () => {
    const host = t.platform.config.platformHost
    expect(onlyError(await t.gql(shop.apiKey, ADD, { input: { hostname: `evil.${host}.` } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'hostname'],
    })
  })

  it('needs settings:write, for every domain mutation', async () => {
    const reader = await t.key(shop.storeSlug, ['settings:read'])
    const id = '0190a0b0-0000-7000-8000-0000000000ff'
    expect(onlyError(await t.gql(reader, ADD, { input: { hostname: 'reader.example.com' } }))).toMatchObject({
      code: 'FORBIDDEN',
    })
    for (const mutation of [VERIFY, PRIMARY, REMOVE])
      expect(onlyError(await t.gql(reader, mutation, { id }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('storeDomainVerify', () => {
  it('passes with the right TXT record', async () => {
    const domain = await add(shop, 'verified.example.com')
    dns.set('_emporium.verified.example.com', [
      ['v=spf1 -all'],
      [domain.verificationRecord.value.slice(0, 30), domain.verificationRecord.value.slice(30)],
    ])
    const response = await verify(shop, domain.id)
    expect(response.errors).toBeUndefined()
    expect(response.data!.storeDomainVerify.storeDomain).toMatchObject({
      status: 'VERIFIED',
      verificationMessage: null,
      verifiedAt: expect.any(String),
    })
    // A verified domain stays verified; checking again records nothing.
    dns.delete('_emporium.verified.example.com')
    expect((await verify(shop, domain.id)).data!.storeDomainVerify).toMatchObject({
      storeDomain: { status: 'VERIFIED' },
      eventPosition: null,
    })
    expect(await auditIn(t, shop.apiKey, shop.storeId, shop.storeId)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^StoreDomainVerified@/)]),
    )
  })

  it('fails with a message naming the record to add and what was found', async () => {
    const domain = await add(shop, 'wrong.example.com')
    dns.set('_emporium.wrong.example.com', [['emporium-verification=somebody-else']])
    const failed = (await verify(shop, domain.id)).data!.storeDomainVerify.storeDomain
    expect(failed.status).toBe('FAILED')
    expect(failed.verificationMessage).toBe(
      `add a TXT record named _emporium.wrong.example.com with the value "${domain.verificationRecord.value}", wait for DNS to publish it and verify again; found "emporium-verification=somebody-else"`,
    )

    dns.delete('_emporium.wrong.example.com')
    expect((await verify(shop, domain.id)).data!.storeDomainVerify.storeDomain.verificationMessage).toContain(
      'found no TXT record there',
    )

    dns.set('_emporium.wrong.example.com', Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }))
    expect((await verify(shop, domain.id)).data!.storeDomainVerify.storeDomain.verificationMessage).toContain(
      'DNS answered: ETIMEOUT looking up _emporium.wrong.example.com',
    )

    // Fixing the record lets the next check pass.
    dns.set('_emporium.wrong.example.com', [[domain.verificationRecord.value]])
    expect((await verify(shop, domain.id)).data!.storeDomainVerify.storeDomain.status).toBe('VERIFIED')
  })

  it('answers NOT_FOUND for another store’s domain and for an unknown id', async () => {
    const foreign = await add(rival, 'rival-only.example.net')
    expect(onlyError(await verify(shop, foreign.id))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await verify(shop, '0190a0b0-0000-7000-8000-0000000000ff'))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('refuses an id that is not a domain id with BAD_USER_INPUT, as its command input says', async () => {
    expect(onlyError(await verify(shop, 'nope'))).toMatchObject(
      badInput(['input', 'id'], 'input.id: id must be a domain id (a UUID) as storeDomainAdd returned it'),
    )
  })
})

describe('storeDomainSetPrimary and storeDomainRemove', () => {
  it('makes only a verified domain primary, moving the role from the previous one', async () => {
    const pending = await add(shop, 'pending.example.com')
    expect(onlyError(await t.gql(shop.apiKey, PRIMARY, { id: pending.id }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'id'],
      message: expect.stringContaining('not verified'),
    })

    const first = await add(shop, 'first.example.com')
    const second = await add(shop, 'second.example.com')
    for (const domain of [first, second]) {
      dns.set(domain.verificationRecord.name, [[domain.verificationRecord.value]])
      await verify(shop, domain.id)
    }
    expect(
      (await t.gql<{ storeDomainSetPrimary: { storeDomain: Domain } }>(shop.apiKey, PRIMARY, { id: first.id })).data!
        .storeDomainSetPrimary.storeDomain.primary,
    ).toBe(true)
    await t.gql(shop.apiKey, PRIMARY, { id: second.id })
    const primaries = await t.gql<{ storeDomains: { nodes: { hostname: string }[] } }>(shop.apiKey, LIST, {
      filter: { primary: true },
    })
    expect(primaries.data!.storeDomains.nodes).toEqual([
      { hostname: 'second.example.com', status: 'VERIFIED', primary: true },
    ])
  })

  it('removes a domain, which another store may then add', async () => {
    const domain = await add(rival, 'moving.example.com')
    const removed = await t.gql<{ storeDomainRemove: { deletedId: string; eventPosition: string } }>(
      rival.apiKey,
      REMOVE,
      { id: domain.id },
    )
    expect(removed.data!.storeDomainRemove).toEqual({
      deletedId: domain.id,
      eventPosition: expect.stringMatching(POSITION),
    })
    expect((await add(shop, 'moving.example.com')).status).toBe('PENDING')
    expect(onlyError(await t.gql(rival.apiKey, REMOVE, { id: domain.id }))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('answers NOT_FOUND when removing another store’s domain, and leaves it', async () => {
    const foreign = await add(rival, 'keep.example.net')
    expect(onlyError(await t.gql(shop.apiKey, REMOVE, { id: foreign.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(shop.apiKey, PRIMARY, { id: foreign.id }))).toMatchObject({ code: 'NOT_FOUND' })
    const list = await t.gql<{ storeDomains: { totalCount: number } }>(rival.apiKey, LIST, {
      filter: { hostname: { eq: 'keep.example.net' } },
    })
    expect(list.data!.storeDomains.totalCount).toBe(1)
  })
})

describe('storeDomains', () => {
  it('lists the store’s domains with status, filters, sorts and both pagination modes', async () => {
    type List = {
      storeDomains: {
        nodes: { hostname: string; status: string }[]
        pageInfo: { hasNextPage: boolean; endCursor: string; page: number | null; totalPages: number | null }
        totalCount: number
      }
    }
    const all = await t.gql<List>(shop.apiKey, LIST, { sort: 'HOSTNAME_ASC', first: 2 })
    expect(all.data!.storeDomains.nodes.map((d) => d.hostname)).toEqual(['first.example.com', 'moving.example.com'])
    expect(all.data!.storeDomains.pageInfo.hasNextPage).toBe(true)
    const next = await t.gql<List>(shop.apiKey, LIST, {
      sort: 'HOSTNAME_ASC',
      first: 2,
      after: all.data!.storeDomains.pageInfo.endCursor,
    })
    expect(next.data!.storeDomains.nodes[0]!.hostname).toBe('pending.example.com')
    const failed = await t.gql<List>(shop.apiKey, LIST, { filter: { status: ['PENDING'] }, page: 1, limit: 50 })
    expect(failed.data!.storeDomains.nodes.every((d) => d.status === 'PENDING')).toBe(true)
    expect(failed.data!.storeDomains.pageInfo).toMatchObject({ page: 1, totalPages: 1 })
    const foreign = await t.gql<List>(rival.apiKey, LIST, { filter: { hostname: { contains: 'shop.example' } } })
    expect(foreign.data!.storeDomains.totalCount).toBe(0)
  })

  it('needs settings:read', async () => {
    const products = await t.key(shop.storeSlug, ['products:read'])
    expect(onlyError(await t.gql(products, LIST))).toMatchObject({ code: 'FORBIDDEN' })
  })
})
