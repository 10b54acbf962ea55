import { z } from 'zod'
import { grantsCommand, type AnyCommandDefinition } from '../domain/shared/command.js'
import { DomainError } from '../domain/shared/errors.js'
import type { CommandRegistry } from '../app/commands/registry.js'
import { commandContext, requireStore, type ToolCall } from './shared/session.js'
import { shopTool, type ShopTool } from './shared/tool.js'
import { confirmField, confirmed, eventPosition } from './shared/write.js'
import { viewFor } from './views.js'

/**
 * Tools are verb first (STYLE.md); a `delete_` tool's entity is gone afterwards, so it answers
 * with the deleted id instead of reading the entity back.
 */
const DELETE_VERB = 'delete_'

const deletedSchema = z.object({ deletedId: z.string(), eventPosition })

/** What a write answers when its resource has no view yet. */
const writtenSchema = z.object({ id: z.string(), eventPosition })

const built = new WeakMap<AnyCommandDefinition, ShopTool>()

/** One write tool per command the registry offers over MCP. */
export function commandTools(registry: CommandRegistry): ShopTool[] {
  return registry.list('mcp').map((definition) => {
    let tool = built.get(definition)
    if (!tool) built.set(definition, (tool = commandTool(definition)))
    return tool
  })
}

/**
 * The tool view of a registry entry: its name, description, input schema and annotations. The
 * call goes through the one command path (scope, validation, decide, append) and waits until the
 * read model shows the write, then answers with the entity as the read model has it (see
 * `views.ts`).
 */
function commandTool(definition: AnyCommandDefinition): ShopTool {
  const view = viewFor(definition.resource)
  const { destructive, idempotent } = definition.annotations
  const deletes = definition.tool.startsWith(DELETE_VERB)
  return shopTool({
    name: definition.tool,
    description: definition.description,
    // The registry's own rule, so a tool is listed exactly when calling it would pass the scope check.
    available: (scopes) => grantsCommand(scopes, definition),
    input: destructive ? withConfirm(definition) : definition.input,
    output: deletes ? deletedSchema : view ? view.schema.extend({ eventPosition }) : writtenSchema,
    annotations: {
      readOnlyHint: false,
      destructiveHint: destructive,
      idempotentHint: idempotent,
      openWorldHint: false,
    },
    async run(args, call) {
      // The registry does not know `confirm`: it takes the command's own input.
      const input = destructive ? confirmed(definition.tool, args) : args
      if (definition.storeScoped) requireStore(call.session)
      const result = await call.session.platform.executeAndWait(definition, input, commandContext(call))
      if (deletes) return { deletedId: result.entityId, eventPosition: result.position }
      if (!view) return { id: result.entityId, eventPosition: result.position }
      // Past the wait the read model may still hold the entity as it was before: not the answer to give.
      const entity = result.visible ? await view.read(call.session, result.entityId) : null
      if (!entity) throw notYetVisible(call, view.readTool, result.entityId, result.position)
      return { ...entity, eventPosition: result.position }
    },
  })
}

/** The command's input with `confirm: true` added, for a destructive tool. */
export function withConfirm(definition: Pick<AnyCommandDefinition, 'name' | 'input'>): z.ZodType {
  if (!(definition.input instanceof z.ZodObject)) {
    throw new Error(`${definition.name} is destructive, so its input must be an object to take confirm`)
  }
  return definition.input.extend({ confirm: confirmField })
}

/** The write happened; only reading it back did not. Said plainly, so an agent does not repeat the write. */
function notYetVisible({ session }: ToolCall, readTool: string, id: string, position: string | null): DomainError {
  const wait = session.platform.config.readWaitMs
  return new DomainError(
    'CONFLICT',
    `the change to '${id}' was saved (log position ${position}) but the read models did not show it within ${wait} ms; ` +
      `do not repeat it: read it with ${readTool} shortly`,
  )
}
