import type { z } from 'zod'
import { DomainError } from '../../domain/shared/errors.js'

/** Validates a transport's input as the command path does: BAD_USER_INPUT naming `input.<field>`. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, raw: unknown): z.output<Schema> {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)))
  throw new DomainError('BAD_USER_INPUT', `${path.length ? `input.${path.join('.')}` : 'input'}: ${issue.message}`, {
    field: ['input', ...path],
  })
}
