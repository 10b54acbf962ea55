/**
 * Stream names are `<category>-<scopeId>_<entityId>`: the category is the text before the first
 * `-` (EventStoreDB's `$ce-` convention) and the scope is a store id, or an organization id for
 * organization-level streams, so a store's whole history is a filter on the name.
 */
export function streamName(category: string, scopeId: string, entityId: string): string {
  return `${category}-${scopeId}_${entityId}`
}

export function parseStreamName(name: string): { category: string; scopeId: string; entityId: string } {
  const dash = name.indexOf('-')
  if (dash === -1) return { category: name, scopeId: '', entityId: '' }
  const underscore = name.indexOf('_', dash + 1)
  return {
    category: name.slice(0, dash),
    scopeId: underscore === -1 ? '' : name.slice(dash + 1, underscore),
    entityId: underscore === -1 ? name.slice(dash + 1) : name.slice(underscore + 1),
  }
}
