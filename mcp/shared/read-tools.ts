import { z } from 'zod'
import { grants, type Scope } from '../../domain/shared/scopes.js'
import type { Caller } from '../../app/caller.js'
import type { pageInfoSchema } from './lists.js'
import { listArgsShape, listSchema } from './lists.js'
import { callerOf } from './session.js'
import { readTool, type ShopTool } from './tool.js'

// The two kinds of read tool every resource has, each from the `app/` read GraphQL serves too:
// get one (by id, handle …) and list with filter, sort and pagination. The answer is the view.

interface ReadKind<Args> {
  name: string
  description: string
  /** The read scope; the `app/` read checks it again, this decides whether the tool is listed. */
  scope: Scope
  /** The arguments as the tool takes them. */
  input: z.ZodType<Args>
}

export interface GetToolSpec<Args, View> extends ReadKind<Args> {
  /** The view's schema: the tool's output. */
  output: z.ZodObject
  /** The app read: the view, or NOT_FOUND exactly as GraphQL answers. */
  read(caller: Caller, args: Args): Promise<View>
}

/**
 * A tool answering one entity as its view.
 *
 * @example getTool({ name: 'get_page', scope: 'webstore:read', input: idOrHandle('page'), output: pageViewSchema, read: readPage, … })
 */
export function getTool<Args, View extends Record<string, unknown>>(spec: GetToolSpec<Args, View>): ShopTool {
  return scopedReadTool(spec, spec.output, (caller, args) => spec.read(caller, args))
}

/** A read tool listed to the callers whose scopes grant `kind.scope`; `run` reads as the caller. */
function scopedReadTool<Args>(
  { name, description, scope, input }: ReadKind<Args>,
  output: z.ZodObject,
  run: (caller: Caller, args: Args) => Promise<Record<string, unknown>>,
): ShopTool {
  return readTool({
    name,
    description,
    available: (scopes) => grants(scopes, scope),
    input,
    output,
    run: (args, call) => run(callerOf(call), args),
  })
}

/** `{id, handle}`, either one, as the get tools of resources with a handle take them. */
export function idOrHandle(noun: string) {
  return z.strictObject({
    id: z.string().nullish().describe(`The ${noun} id.`),
    handle: z.string().nullish().describe(`The ${noun} handle; used when no id is given.`),
  })
}

/** What a list read answers: a connection (its edges are not needed, `pageInfo` has the cursors). */
export interface ViewPage<View> {
  nodes: readonly View[]
  pageInfo: z.infer<typeof pageInfoSchema>
  totalCount: number
}

/** The list arguments of API-CONVENTIONS.md with the resource's filter and sort. */
export type ListToolArgs<Filter extends z.ZodType, Sort extends string> = z.infer<z.ZodObject<typeof listArgsShape>> & {
  filter?: z.infer<Filter> | null
  sort?: Sort | null
}

export interface ListToolSpec<Filter extends z.ZodType, Sort extends string, View> {
  name: string
  description: string
  scope: Scope
  /** GraphQL's `<Resource>Filter` as zod. */
  filter: Filter
  /** GraphQL's `<Resource>Sort` values. */
  sorts: readonly Sort[]
  /** The view's schema: one node of the output. */
  node: z.ZodObject
  /** The app list. */
  list(caller: Caller, args: ListToolArgs<Filter, Sort>): Promise<ViewPage<View>>
}

/**
 * A tool answering `{nodes, pageInfo, totalCount}` of views, taking page or cursor mode, the
 * resource's filter and its sort.
 */
export function listTool<Filter extends z.ZodType, Sort extends string, View>(
  spec: ListToolSpec<Filter, Sort, View>,
): ShopTool {
  const input = z.strictObject({ ...listArgsShape, filter: spec.filter.nullish(), sort: z.enum(spec.sorts).nullish() })
  return enrichedListTool({ ...spec, input, nodes: async (_caller, views) => views })
}

export interface EnrichedListToolSpec<Args, Row, Node> extends ReadKind<Args> {
  /** One node of the output. */
  node: z.ZodObject
  /** The app list. */
  list(caller: Caller, args: Args): Promise<ViewPage<Row>>
  /** The page's nodes as the tool answers them, made from its views in one batch (a count, breadcrumbs …). */
  nodes(caller: Caller, views: readonly Row[]): Promise<readonly Node[]>
}

/**
 * A list tool whose nodes carry more than the views (`listTool` answers the views as they are),
 * gathered for the whole page at once.
 *
 * @example enrichedListTool({ name: 'list_products', scope: 'products:read', input: listProductsArgs, node: productSchema, list: listProducts, nodes: productsJson, … })
 */
export function enrichedListTool<Args, Row, Node>(spec: EnrichedListToolSpec<Args, Row, Node>): ShopTool {
  return scopedReadTool(spec, listSchema(spec.node), async (caller, args) => {
    const { nodes, pageInfo, totalCount } = await spec.list(caller, args)
    return { nodes: await spec.nodes(caller, nodes), pageInfo, totalCount }
  })
}
