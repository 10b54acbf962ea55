import type { PrepareEnv, UniquenessChange } from '../../shared/command.js'
import { HANDLE_MAX_LENGTH, handleize } from '../../shared/handle.js'

/** After this many numbered handles (`about-2` … `about-50`) a title is common enough to stop counting. */
const NUMBERED_HANDLE_ATTEMPTS = 50

/** The title's handle, or the first of `-2`, `-3` … whose reservation `key(handle)` under `scope` is free. */
export async function freeHandle(
  title: string,
  id: string,
  fallback: string,
  scope: string,
  key: (handle: string) => string,
  env: PrepareEnv,
): Promise<string> {
  const base = handleize(title) || fallback
  for (let n = 1; n <= NUMBERED_HANDLE_ATTEMPTS; n++) {
    const candidate = n === 1 ? base : withSuffix(base, `-${n}`)
    if ((await env.reservationOwner(scope, key(candidate))) === null) return candidate
  }
  // Counting on would cost one read per namesake; the random tail of a UUIDv7 is free in practice.
  return withSuffix(base, `-${id.replaceAll('-', '').slice(-12)}`)
}

function withSuffix(base: string, suffix: string): string {
  return base.slice(0, HANDLE_MAX_LENGTH - suffix.length).replace(/-+$/, '') + suffix
}

/** Claims and releases of one handle reservation, for a definition's `uniqueness()`. */
export function handleChanges(scope: string, key: (handle: string) => string, message: (handle: string) => string) {
  return {
    claim: (handle: string, ownerId: string): UniquenessChange => ({
      kind: 'claim',
      scope,
      key: key(handle),
      ownerId,
      field: ['input', 'handle'],
      message: message(handle),
    }),
    release: (handle: string, ownerId: string): UniquenessChange => ({
      kind: 'release',
      scope,
      key: key(handle),
      ownerId,
    }),
  }
}
