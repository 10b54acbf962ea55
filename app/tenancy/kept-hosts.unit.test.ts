import { describe, expect, it } from 'vitest'
import type { HostResolution } from '../../projections/tenancy/host.js'
import { KeptHosts } from './kept-hosts.js'

const store = (storeId: string): HostResolution => ({
  storeId,
  organizationId: 'org',
  slug: storeId,
  name: storeId,
  commerceEnabled: true,
  primaryHost: `${storeId}.localhost`,
  via: 'platform_subdomain',
})

/** A load that answers from `answers` and counts the statements it would run. */
function hosts(answers: Map<string, HostResolution | null | Error>) {
  const asked: string[] = []
  const kept = new KeptHosts(async (hostname) => {
    asked.push(hostname)
    const answer = answers.get(hostname) ?? null
    if (answer instanceof Error) throw answer
    return answer
  })
  return { kept, asked }
}

const purgeAll = (storeId: string) => ({ storeId, paths: [], surrogateKeys: [], all: true })

describe('KeptHosts', () => {
  it('asks the database every time until the purger follows', async () => {
    const { kept, asked } = hosts(new Map([['a.localhost', store('a')]]))
    await kept.resolve('a.localhost')
    await kept.resolve('a.localhost')
    expect(asked).toEqual(['a.localhost', 'a.localhost'])
  })

  it('keeps an answer by normalized name while followed, until its store is purged', async () => {
    const { kept, asked } = hosts(new Map([['a.localhost', store('a')]]))
    kept.follow()
    expect((await kept.resolve('A.localhost.:8080'))?.storeId).toBe('a')
    expect((await kept.resolve('a.localhost'))?.storeId).toBe('a')
    expect(asked).toEqual(['a.localhost'])
    await kept.purge({ ...purgeAll('b') })
    await kept.purge({ ...purgeAll('a'), all: false })
    await kept.resolve('a.localhost')
    expect(asked).toHaveLength(1)
    await kept.purge(purgeAll('a'))
    await kept.resolve('a.localhost')
    expect(asked).toHaveLength(2)
  })

  it('never keeps a host that answered no store, nor a failed statement', async () => {
    const answers = new Map<string, HostResolution | null | Error>([['x.localhost', new Error('connection lost')]])
    const { kept, asked } = hosts(answers)
    kept.follow()
    expect(await kept.resolve('new.localhost')).toBeNull()
    answers.set('new.localhost', store('new'))
    expect((await kept.resolve('new.localhost'))?.storeId).toBe('new')
    await expect(kept.resolve('x.localhost')).rejects.toThrow('connection lost')
    answers.set('x.localhost', store('x'))
    expect((await kept.resolve('x.localhost'))?.storeId).toBe('x')
    expect(asked).toEqual(['new.localhost', 'new.localhost', 'x.localhost', 'x.localhost'])
  })

  it('drops an answer still loading when any store is purged: it may be that store', async () => {
    const { kept, asked } = hosts(new Map([['a.localhost', store('a')]]))
    kept.follow()
    const loading = kept.resolve('a.localhost')
    await kept.purge(purgeAll('a'))
    expect((await loading)?.storeId).toBe('a')
    await kept.resolve('a.localhost')
    expect(asked).toEqual(['a.localhost', 'a.localhost'])
  })

  it('forgets everything when the purger stops, and answers null for what is no host', async () => {
    const { kept, asked } = hosts(new Map([['a.localhost', store('a')]]))
    kept.follow()
    await kept.resolve('a.localhost')
    kept.unfollow()
    kept.follow()
    await kept.resolve('a.localhost')
    expect(await kept.resolve('a b')).toBeNull()
    expect(asked).toEqual(['a.localhost', 'a.localhost'])
  })
})
