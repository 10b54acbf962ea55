/**
 * What a new tag list changes, or null when nothing did: tags are a set, so a new order of the
 * same tags is not a change. `tags` is the whole new list; `added` and `removed` say what changed,
 * for the audit log and webhooks.
 */
export function tagChanges(
  current: readonly string[],
  next: readonly string[],
): { tags: string[]; added: string[]; removed: string[] } | null {
  const added = next.filter((tag) => !current.includes(tag))
  const removed = current.filter((tag) => !next.includes(tag))
  return added.length || removed.length ? { tags: [...next], added, removed } : null
}
