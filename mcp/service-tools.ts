import type { z } from 'zod'
import { grantsCommand } from '../domain/shared/command.js'
import { runService, type Service } from '../app/commands/services.js'
import { withConfirm } from './command-tools.js'
import { callerOf, type ToolCall } from './shared/session.js'
import { shopTool, type ShopTool } from './shared/tool.js'
import { confirmed } from './shared/write.js'

/** How a service's answer becomes a tool's structured content. */
export interface ServiceAnswer<Result> {
  /** The tool's output schema. */
  output: z.ZodObject
  /** The answer as the tool gives it; the service's result as it is when absent. */
  present?(result: Result, call: ToolCall): Promise<Record<string, unknown>> | Record<string, unknown>
}

/**
 * The tool view of a registry service, as `command-tools.ts` makes one of a command: the
 * definition's tool name, description, input schema (with `confirm` when destructive),
 * annotations and scope rule; the call runs the service through `runService`. Only how the
 * answer is shown is the tool's own.
 */
export function serviceTool<Input, Result>(service: Service<Input, Result>, answer: ServiceAnswer<Result>): ShopTool {
  const { definition } = service
  const { destructive, idempotent, openWorld } = definition.annotations
  if (!definition.transports.includes('mcp')) throw new Error(`${definition.name} is not offered over MCP`)
  return shopTool({
    name: definition.tool,
    description: definition.description,
    available: (scopes) => grantsCommand(scopes, definition),
    input: destructive ? withConfirm(definition) : definition.input,
    output: answer.output,
    annotations: {
      readOnlyHint: false,
      destructiveHint: destructive,
      idempotentHint: idempotent,
      openWorldHint: openWorld ?? false,
    },
    async run(args, call) {
      // The service does not know `confirm`: it takes the definition's own input.
      const input = destructive ? confirmed(definition.tool, args) : args
      const result = await runService(service, input, { caller: callerOf(call), origin: call.session.origin ?? null })
      return answer.present ? answer.present(result, call) : (result as Record<string, unknown>)
    },
  })
}
