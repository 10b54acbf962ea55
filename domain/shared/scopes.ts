/** Scopes are `<area>:<access>`; a `write` scope includes its `read`. */
export const SCOPE_AREAS = ['products', 'webstore', 'settings', 'orders'] as const
export type ScopeArea = (typeof SCOPE_AREAS)[number]
export type Scope = `${ScopeArea}:${'read' | 'write'}`

export const ALL_SCOPES: readonly Scope[] = SCOPE_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`] as Scope[])

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value)
}

export function grants(held: readonly Scope[], required: Scope): boolean {
  if (held.includes(required)) return true
  const [area, access] = required.split(':') as [ScopeArea, 'read' | 'write']
  return access === 'read' && held.includes(`${area}:write`)
}
