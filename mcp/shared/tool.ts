import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import type { z } from 'zod'
import type { Scope } from '../../domain/shared/scopes.js'
import { toolErrorSchema } from './results.js'
import { advertise, jsonSchemaOf, parseArgs } from './schema.js'
import type { ToolCall } from './session.js'

/** One tool of the shop server: what tools/list shows, who gets it, and what a call does. */
export interface ShopTool {
  name: string
  title: string
  description: string
  /** Whether a credential with these scopes is offered the tool at all. */
  available(scopes: readonly Scope[]): boolean
  inputSchema: z.ZodObject
  outputSchema: z.ZodObject
  annotations: ToolAnnotations
  /** Gets the arguments as the client sent them; the result becomes `structuredContent`. */
  run(args: Record<string, unknown>, call: ToolCall): Promise<Record<string, unknown>>
}

export interface ToolSpec {
  name: string
  description: string
  available(scopes: readonly Scope[]): boolean
  /** Listed as the input JSON Schema; checking the arguments is up to `run`. */
  input: z.ZodType
  /** The JSON of a successful call. */
  output: z.ZodObject
  annotations: Omit<ToolAnnotations, 'title'>
  run(args: Record<string, unknown>, call: ToolCall): Promise<Record<string, unknown>>
}

/**
 * A tool from zod schemas. Its listed output schema admits the success shape or the error shape:
 * SDK clients (1.x, typescript-sdk#1943) check `structuredContent` against it even on `isError`
 * results, and our errors carry structured content too.
 */
export function shopTool(spec: ToolSpec): ShopTool {
  return {
    name: spec.name,
    title: titleOf(spec.name),
    description: spec.description,
    available: spec.available,
    inputSchema: advertise(jsonSchemaOf(spec.input, 'input')),
    outputSchema: advertise({
      type: 'object',
      anyOf: [jsonSchemaOf(spec.output, 'output'), jsonSchemaOf(toolErrorSchema, 'output')],
    }),
    annotations: spec.annotations,
    run: spec.run,
  }
}

export interface ReadToolSpec<Args> extends Omit<ToolSpec, 'input' | 'run' | 'annotations'> {
  input: z.ZodType<Args>
  run(args: Args, call: ToolCall): Promise<Record<string, unknown>>
}

/** A read-only tool whose arguments are checked against `input` before `run` sees them. */
export function readTool<Args>(spec: ReadToolSpec<Args>): ShopTool {
  return shopTool({
    ...spec,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: (args, call) => spec.run(parseArgs(spec.input, args), call),
  })
}

/** `create_product` → `Create product`. */
function titleOf(name: string): string {
  const words = name.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
