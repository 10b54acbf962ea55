import type { Scope } from './scopes.js'

/** An event as a reaction sees it: its type, payload and where it happened. */
export interface ReactionEvent {
  type: string
  data: Record<string, unknown>
  organizationId: string
  storeId: string | null
  /** Its log position: a reaction that reads a read model waits until the model has reached it. */
  position: string
}

/** A command a reaction asks the platform to run, through the registry like any client's. */
export interface ReactionCommand {
  /** Registry name, e.g. `themeInstallDefault`. */
  command: string
  input: unknown
  organizationId: string
  storeId: string | null
}

/**
 * "When this happens, do that": a process manager over the log. The platform feeds it the events
 * it names from its own checkpoint and runs the commands it answers as the system actor. An
 * event may be delivered again after a crash, so each command must be idempotent (a deterministic
 * id with `no_stream`, or a decider that turns a repeat into no events).
 */
export interface Reaction {
  name: string
  eventTypes: readonly string[]
  /** The scopes the commands run with. */
  scopes: readonly Scope[]
  /**
   * Its commands belong to the write that caused them (a changed handle's redirect from the old
   * URL): that write's read-your-writes also waits until this reaction has run on its events and
   * what it wrote is in the read models. Other reactions' effects follow in their own time.
   */
  partOfTheWrite?: boolean
  /** Pure here in the domain; a reaction in `app/` may read the read models first, hence the promise. */
  react(event: ReactionEvent): ReactionCommand[] | Promise<ReactionCommand[]>
}
