import {
  buildSchema,
  execute,
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type FormattedExecutionResult,
  type GraphQLSchema,
} from 'graphql'
import type { Logger } from 'pino'
import { describePath } from '../../domain/shared/boundary.js'
import { documentShapeProblem } from '../graphql/shared/document-shape.js'
import { inputBoundsProblem, type InputAnalyses } from '../graphql/shared/input-bounds.js'
import { errorBody, formatError, statusFor } from '../graphql/shared/errors.js'
import { BODY_LIMIT_BYTES, DEFAULT_LIMITS, documentLimitRules } from '../graphql/shared/limits.js'
import { listItems, MAX_LIST_ITEMS } from './fan-out.js'
import { dateTimeScalar, storefrontResolvers, type StorefrontContext } from './resolvers.js'
import { storefrontTypeDefs } from './schema.js'
import { cartMutationResolvers, cartQueryResolvers, cartTypeDefs } from './cart.js'
import { checkoutMutationResolvers, checkoutTypeDefs } from './checkout.js'

/** The public schema with its resolvers attached: built once, shared by every request. */
export function buildStorefrontSchema(): GraphQLSchema {
  const schema = buildSchema(storefrontTypeDefs + cartTypeDefs + checkoutTypeDefs)
  // A scalar built from SDL passes values through untouched; DateTime must leave as ISO-8601 text.
  Object.assign(schema.getType('DateTime')!, {
    serialize: dateTimeScalar.serialize,
    parseValue: dateTimeScalar.parseValue,
    parseLiteral: dateTimeScalar.parseLiteral,
  })
  const fields = schema.getQueryType()!.getFields()
  for (const [name, resolve] of Object.entries({ ...storefrontResolvers, ...cartQueryResolvers }))
    fields[name]!.resolve = resolve
  const mutations = schema.getMutationType()!.getFields()
  for (const [name, resolve] of Object.entries({ ...cartMutationResolvers, ...checkoutMutationResolvers }))
    mutations[name]!.resolve = resolve
  return schema
}

export interface StorefrontRequestBody {
  query?: unknown
  variables?: unknown
  operationName?: unknown
}

export interface StorefrontAnswer {
  status: number
  body: FormattedExecutionResult
}

/** Per schema, the input-bounds analyses of the documents it has been sent. */
const analysesOf = new WeakMap<GraphQLSchema, InputAnalyses>()

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Runs one query of the storefront API with graphql-js directly: the admin API's token,
 * depth, size, alias and directive limits, a bound on nested list items, and the admin's error
 * shapes and statuses. Mutations (the cart's) run only when `allowMutations` (a POST): a GET runs queries only.
 */
export async function runStorefrontQuery(
  schema: GraphQLSchema,
  request: StorefrontRequestBody,
  context: StorefrontContext,
  options: { logger: Logger; requestId: string; allowMutations?: boolean },
): Promise<StorefrontAnswer> {
  const fault = (code: 'BAD_REQUEST' | 'QUERY_TOO_COMPLEX' | 'BAD_USER_INPUT', message: string) => ({
    status: code === 'BAD_REQUEST' ? 400 : 200,
    body: errorBody(code, message),
  })
  if (typeof request.query !== 'string' || request.query.trim() === '')
    return fault('BAD_REQUEST', 'send the GraphQL document as a string in "query", e.g. {"query": "{ shop { name } }"}')
  if (request.variables !== undefined && request.variables !== null && !isObject(request.variables))
    return fault('BAD_REQUEST', '"variables" must be a JSON object')
  if (
    request.operationName !== undefined &&
    request.operationName !== null &&
    typeof request.operationName !== 'string'
  )
    return fault('BAD_REQUEST', '"operationName" must be a string')
  const variables = (request.variables ?? {}) as Record<string, unknown>
  const format = {
    logger: options.logger,
    requestId: options.requestId,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    maxTokens: DEFAULT_LIMITS.maxTokens,
  }
  const refused = (errors: readonly GraphQLError[]) => {
    const formatted = errors.flatMap((error) => formatError(error, format))
    return {
      status: statusFor(formatted, { executed: false, hasData: false, graphqlResponse: false }),
      body: { errors: formatted },
    }
  }

  let document: DocumentNode
  try {
    document = parse(request.query, { maxTokens: DEFAULT_LIMITS.maxTokens })
  } catch (error) {
    if (error instanceof GraphQLError) return refused([error])
    throw error
  }
  // Text Postgres cannot store (a NUL) is refused here as by the admin API, before any read sends it to the database.
  const analyses = analysesOf.get(schema) ?? new Map()
  analysesOf.set(schema, analyses)
  const bounds = inputBoundsProblem(
    schema,
    request.query,
    { variables, operationName: (request.operationName as string | null | undefined) ?? null },
    { maxTokens: DEFAULT_LIMITS.maxTokens, analyses },
  )
  if (bounds)
    return {
      status: 200,
      body: errorBody('BAD_USER_INPUT', `${describePath(bounds.path)} ${bounds.message}`, { field: bounds.path }),
    }
  const shape = documentShapeProblem(document, DEFAULT_LIMITS)
  if (shape) return fault('QUERY_TOO_COMPLEX', shape)
  const invalid = validate(schema, document, [...specifiedRules, ...documentLimitRules(DEFAULT_LIMITS)])
  if (invalid.length) return refused(invalid)
  const operation = getOperationAST(document, (request.operationName as string | undefined) ?? undefined)
  if (!operation)
    return fault('BAD_USER_INPUT', 'name the operation to run in "operationName": the document holds several')
  if (operation.operation !== 'query' && !options.allowMutations)
    return {
      status: 405,
      body: errorBody('BAD_REQUEST', `send a ${operation.operation} with POST: GET runs queries only`),
    }
  const items = listItems(document, operation, variables)
  if (items > MAX_LIST_ITEMS)
    return fault(
      'QUERY_TOO_COMPLEX',
      `the query may return ${items} list items, more than ${MAX_LIST_ITEMS}; ask for smaller pages (first/last) of nested lists`,
    )

  const result = await execute({
    schema,
    document,
    variableValues: variables,
    operationName: operation.name?.value,
    contextValue: context,
  })
  const errors = (result.errors ?? []).flatMap((error) => formatError(error, format))
  const body: FormattedExecutionResult = errors.length
    ? { errors, data: result.data ?? null }
    : { data: result.data ?? null }
  return { status: statusFor(errors, { executed: true, hasData: result.data != null, graphqlResponse: false }), body }
}
