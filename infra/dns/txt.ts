import { resolveTxt } from 'node:dns/promises'
import type { DnsLookup } from '../../domain/tenancy/domain/commands.js'

/** Answers the TXT records of a DNS name, each as the list of its character strings (node's `resolveTxt`). */
export type TxtResolver = (name: string) => Promise<string[][]>

/** The system resolver. */
export const systemTxtResolver: TxtResolver = (name) => resolveTxt(name)

/** A name without records is an answer ("nothing there"), not a failure; other errors are reported as DNS gave them. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN'])

/**
 * Looks a verification record up: the TXT values (a record split into several strings is joined
 * back, as DNS requires for values over 255 bytes), or the resolver's error.
 */
export async function lookupTxt(resolver: TxtResolver, name: string): Promise<DnsLookup> {
  try {
    const records = await resolver(name)
    return { records: records.map((chunks) => chunks.join('')) }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code && NO_RECORDS.has(code)) return { records: [] }
    return { error: code ? `${code} looking up ${name}` : `the lookup of ${name} failed` }
  }
}

/**
 * Which resolver each platform uses: the system one unless a test (or an embedding process)
 * installed another. Kept beside the platform rather than in it, so DNS stays this module's concern.
 */
const resolvers = new WeakMap<object, TxtResolver>()

export function txtResolverFor(platform: object): TxtResolver {
  return resolvers.get(platform) ?? systemTxtResolver
}

/** Installs a resolver for one platform, e.g. a fake in tests: `useTxtResolver(t.platform, async () => [['token']])`. */
export function useTxtResolver(platform: object, resolver: TxtResolver): void {
  resolvers.set(platform, resolver)
}
