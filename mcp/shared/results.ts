import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { DomainError, ERROR_CODES } from '../../domain/shared/errors.js'
import type { Platform } from '../../app/platform.js'
import type { ToolCall } from './session.js'

/** What a failed call carries in `structuredContent.error`: GraphQL's `message` and `extensions`. */
export const toolErrorSchema = z.object({
  error: z.looseObject({
    code: z.enum(ERROR_CODES),
    message: z.string().describe('What was wrong and what to do.'),
    field: z
      .array(z.union([z.string(), z.number()]))
      .optional()
      .describe('Path into the arguments at fault.'),
  }),
})

export type ToolError = z.infer<typeof toolErrorSchema>

/** A tool's answer: the JSON as structured content, and the same JSON as text for clients that only read text. */
export function toolSuccess(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value }
}

/**
 * A failed call as an `isError` result. Domain errors keep their code, message and field; anything
 * else is INTERNAL_SERVER_ERROR with a reference to the log line that has the details.
 */
type Logger = Platform['logger']

export function toolFailure(error: unknown, logger: Logger, tool: string, call: ToolCall): CallToolResult {
  const body: ToolError = { error: describe(error, logger, tool, call) }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body }
}

function describe(error: unknown, logger: Logger, tool: string, call: ToolCall): ToolError['error'] {
  if (error instanceof DomainError) {
    return {
      ...(error.details ?? {}),
      code: error.code,
      message: error.message,
      ...(error.field ? { field: [...error.field] } : {}),
    }
  }
  logger.error({ err: error, tool, correlationId: call.correlationId }, 'unexpected error in an MCP tool')
  return {
    code: 'INTERNAL_SERVER_ERROR',
    message: `internal server error; quote correlation id ${call.correlationId} when reporting it`,
  }
}
