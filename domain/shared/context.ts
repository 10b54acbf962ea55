/** Who did it. Recorded on every event and shown in the audit log. */
export interface Actor {
  type: 'api_key' | 'user' | 'webhook' | 'mcp' | 'system'
  id: string
  name?: string
}

/**
 * What a decider may know about the world besides state and command: time and the actor come
 * in here so `decide` stays pure and tests need no clock mocks.
 */
export interface DecideContext {
  now: Date
  actor: Actor
  organizationId: string
  storeId: string | null
}
