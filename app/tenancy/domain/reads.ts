import { verificationRecordName } from '../../../domain/tenancy/domain/hostname.js'
import { lookupTxt, txtResolverFor } from '../../../infra/dns/txt.js'
import {
  findStoreDomain,
  listStoreDomains as listStoreDomainRecords,
  type ListStoreDomainsArgs,
  type StoreDomainRecord,
} from '../../../projections/tenancy/domain/queries.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import type { PaginateOptions } from '../../shared/connection.js'
import { orNotFound } from '../../shared/lookup.js'

export type { ListStoreDomainsArgs, StoreDomainRecord }

/** One custom domain of the caller's store, or NOT_FOUND (another store's included). */
export async function readStoreDomain(caller: Caller, id: string): Promise<StoreDomainRecord> {
  requireScope(caller, 'settings:read')
  const domain = await orNotFound(
    findStoreDomain(caller.platform.database.db, requireStore(caller).id, id),
    'domain',
    id,
  )
  return domain
}

/** The store's custom domains, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export function listStoreDomains(caller: Caller, args: ListStoreDomainsArgs, options: PaginateOptions = {}) {
  requireScope(caller, 'settings:read')
  return listStoreDomainRecords(caller.platform.database.db, requireStore(caller).id, args, options)
}

/** The TXT records now published at the hostname's verification name, for storeDomainVerify to check. */
export function lookupVerificationTxt(caller: Caller, hostname: string) {
  return lookupTxt(txtResolverFor(caller.platform), verificationRecordName(hostname))
}
