import { z } from 'zod'
import { defineCommand } from '../command.js'
import type { Decider, DomainEvent } from '../event.js'
import { entityId } from '../input-types.js'
import type { Scope } from '../scopes.js'
import { onStoreEntity } from '../store-of.js'

/** What differs between the publish-due commands of publishable resources. */
export interface PublishDueSpec<State, Command, Event extends DomainEvent> {
  /** The stream category, which names the command too: `page` → `pagePublishDue`, `publish_due_page`. */
  resource: string
  scope: Scope
  /** Defaults to the DRAFT → PUBLISHED wording of pages and posts. */
  description?: string
  decider: Decider<State, Command, Event>
  /** The resource's publish-due command for the entity `id`, decided on that entity's stream. */
  command(id: string): Command
  /** The entity's stream in a store, e.g. `pageStream`. */
  stream(storeId: string, id: string): string
}

/**
 * The command the publish scheduler (app/scheduling, actor `system:scheduler`) runs for an entity
 * whose publishAt has come. It is offered on no transport, and its decider changes nothing when
 * the entity is not due (any more), so racing scheduler nodes publish once.
 */
export function definePublishDue<State, Command, Event extends DomainEvent>(
  spec: PublishDueSpec<State, Command, Event>,
) {
  const { resource } = spec
  const onEntity = onStoreEntity<Command>(spec.stream)
  return defineCommand({
    name: `${resource}PublishDue`,
    tool: `publish_due_${resource}`,
    description:
      spec.description ??
      `Publishes a DRAFT ${resource} whose publishAt has come; changes nothing when it is not due (any more).`,
    resource,
    scope: spec.scope,
    transports: [],
    storeScoped: true,
    annotations: { destructive: false, idempotent: true },
    input: z.strictObject({ id: entityId(resource) }),
    prepare: (input, env) => onEntity(env, input.id, spec.command(input.id)),
    decider: spec.decider,
  })
}
