import type { z } from 'zod'
import type { DecideContext } from './context.js'
import type { Decider, DomainEvent } from './event.js'
import { grants, type Scope } from './scopes.js'
import type { TranslatableResourceType } from '../webstore/translation/events.js'

/**
 * A change to a unique value that the events of a command imply: claiming `key` for `ownerId`
 * or releasing it. The command path turns each into an append on the reservation stream
 * `uniq-<scope>_<key>` in the same atomic write as the entity's events.
 */
export type UniquenessChange =
  | {
      kind: 'claim'
      scope: string
      key: string
      ownerId: string
      field: readonly (string | number)[]
      message: string
      /**
       * A value many writers race for on purpose (the next order number of a store): losing the race
       * runs the command again on fresh facts (see `CommandDefinition.attempts`) instead of answering CONFLICT.
       */
      contended?: boolean
    }
  | { kind: 'release'; scope: string; key: string; ownerId: string }

/** An event of another stream as `prepare` sees it: enough to fold that entity's state. */
export interface PastEvent {
  type: string
  data: Record<string, unknown>
  /** 0-based revision within its stream. */
  revision: number
  /** When it was decided (ISO-8601), for as-of reads and reverts. */
  occurredAt: string
  /** Shared by the events one command appended (see `EventMetadata.commandId`); absent on events recorded before it was stamped. */
  commandId?: string
  /** Shared by every event one request caused; with `occurredAt`, what tells the commands of older events apart. */
  correlationId?: string
}

/**
 * What `prepare` may ask of the world: fresh ids, who holds a unique value, and the events of
 * other streams. `decide` stays pure: `prepare` gathers the facts a command is checked against
 * (an attribute's type, a set's required attributes, a past revision to revert to) into the command.
 */
export interface PrepareEnv {
  ctx: DecideContext
  newId(): string
  reservationOwner(scope: string, key: string): Promise<string | null>
  readStream(stream: string): Promise<PastEvent[]>
  /** Facts about how products use attributes and attribute sets; absent where no read model is at hand. */
  catalogUsage?: CatalogUsage
  /** Content-addressed storage for bytes that must not enter events (binary theme assets); absent where none is at hand. */
  blobs?: BlobWriter
  /** Files clients PUT to a staged upload URL (a theme zip too large for one GraphQL request); absent where none is at hand. */
  stagedUploads?: StagedUploadReader
  /** Seals secrets (payment provider keys) into an encrypted table before the event that names them; absent where none is at hand. */
  secrets?: SecretStash
}

/** What a sealed secret is: whose (a payment provider of the store) and what for. */
export interface SecretLabel {
  provider: string
  purpose: 'api_key' | 'signing'
}

/** A sealed secret as a command may carry it into an event: its row id, its last 4 characters and the id of the key that sealed it. */
export interface StashedSecret {
  secretId: string
  last4: string
  keyId: string
}

/**
 * Seals secrets into a mutable, encrypted-at-rest table before the event that names them (by
 * row id), since events are forever and must never hold one. A refused command leaves a row no
 * event names, which is never used.
 */
export interface SecretStash {
  seal(storeId: string, label: SecretLabel, value: string): Promise<StashedSecret>
  /** Seals a fresh random secret `<prefix><base64>` (a TEST provider's `whsec_…`). */
  generate(storeId: string, label: SecretLabel, prefix: string): Promise<StashedSecret>
}

/** Reads a store's staged upload; the store id is part of its key, so another store's id finds nothing. */
export interface StagedUploadReader {
  /** The uploaded bytes; BAD_USER_INPUT at `field` when nothing was uploaded under that id in this store. */
  read(storeId: string, uploadId: string, field: readonly (string | number)[]): Promise<Uint8Array>
}

/**
 * Stores bytes under their SHA-256 within a store, before the event that names the hash is
 * appended: a refused command leaves an unreferenced blob, never an event without its bytes.
 */
export interface BlobWriter {
  put(storeId: string, hash: string, bytes: Uint8Array, contentType: string): Promise<void>
}

/**
 * Answers only the read models have: no stream lists the products holding an attribute's values.
 * They lag the log by the projection delay, and a product write racing the check is not seen,
 * so they guard against a type change or removal by mistake, not against a concurrent writer.
 */
export interface CatalogUsage {
  /** Live products of the store holding a value of the attribute, in all and per option code. */
  attributeUsage(storeId: string, attributeId: string): Promise<{ values: number; byOption: Record<string, number> }>
  /** Live products of the store in the attribute set. */
  productsInAttributeSet(storeId: string, attributeSetId: string): Promise<number>
  /** Ids of the live posts of a blog (posts read model), which blogDelete refuses to orphan. */
  postsOfBlog?(storeId: string, blogId: string): Promise<string[]>
  /** A resource's translatable text by key, found by id in its kind's read model; null when the store has no such resource. */
  translatableSource?(storeId: string, resourceId: string): Promise<TranslatableSourceText | null>
  /** Whether the store has this customer (customers read model, from their orders); customerErase refuses others. */
  customerKnown?(storeId: string, customerId: string): Promise<boolean>
}

/** The text fields of a resource that may be translated, e.g. `{ title: 'Shirt', 'seo.title': '' }`. */
export interface TranslatableSourceText {
  resourceType: TranslatableResourceType
  texts: Record<string, string>
}

export interface Prepared<Command> {
  stream: string
  command: Command
  /** The entity the command is about; the transport reads it back from the read model. */
  entityId: string
}

/**
 * What every entry of the command registry shows the transports: its names, scope, input and
 * annotations. A `CommandDefinition` adds the one stream's decide it runs; a `ServiceDefinition`
 * (`service.ts`) is executed by a service in `app/` that runs registry commands on the way.
 */
export interface CommandFace<Input = unknown> {
  /** GraphQL mutation name, e.g. `productCreate`. */
  name: string
  /** MCP tool name, verb first, e.g. `create_product`. */
  tool: string
  /** Written for an agent: what it does, when to use it, what it returns. */
  description: string
  /** One sentence for the GraphQL mutation's docstring, e.g. `Creates a page.`; the description's first sentence when absent. */
  summary?: string
  /**
   * The kind of entity the command writes: its stream category, which the audit log shows as
   * `entityType` (e.g. `product`). Transports find by it how to read the entity back.
   */
  resource: string
  scope: Scope
  /**
   * Further scopes that allow the command as well. Media serves the catalog and the web store
   * alike, so `products:write` or `webstore:write` may upload; check with `grantsCommand`.
   */
  alsoGrantedBy?: readonly Scope[]
  /** Which transports offer it; keys are managed only by signed-in admins, so not every command is an MCP tool. */
  transports: readonly ('graphql' | 'mcp' | 'cli')[]
  /** Whether a store must be selected (false for organization-level commands). */
  storeScoped: boolean
  /** `openWorld`: the command reaches beyond the platform (downloads a URL); false when absent. */
  annotations: { destructive: boolean; idempotent: boolean; openWorld?: boolean }
  input: z.ZodType<Input>
}

/**
 * One entry of the command registry: the single definition from which GraphQL mutations, MCP
 * tools and CLI commands are served. Everything here is data or pure functions over injected
 * capabilities, so it lives in the domain.
 */
export interface CommandDefinition<
  Input = unknown,
  State = unknown,
  Command = unknown,
  Event extends DomainEvent = DomainEvent,
> extends CommandFace<Input> {
  prepare(input: Input, env: PrepareEnv): Promise<Prepared<Command>> | Prepared<Command>
  decider: Decider<State, Command, Event>
  uniqueness?(events: readonly Event[], before: State, ctx: DecideContext): UniquenessChange[]
  /**
   * The events that close a command whose events went in several appends (the event store bounds
   * one) and stopped after `appended` were recorded: the command path appends them before it
   * answers the error, so nothing waits for a step that will not come. Nothing when absent.
   */
  cutShort?(appended: readonly Event[]): Event[]
  /**
   * How many times the command runs when concurrent writers clash (a stream appended meanwhile, a
   * contended value claimed meanwhile) before it answers CONFLICT; 2 (one retry) when absent.
   */
  attempts?: number
}

/**
 * What most commands of a resource share: the resource and its scope, offered on every transport
 * (GraphQL, MCP, CLI), in the selected store; and, when given, what they all decide with (their
 * decider, and the `uniqueness` of their events).
 *
 * @example const WRITE = storeWrite(PAGE_CATEGORY, 'webstore:write', { decider: pageDecider, uniqueness: pageHandleReservations })
 */
export function storeWrite(resource: string, scope: Scope): StoreWrite
export function storeWrite<Decides extends object>(
  resource: string,
  scope: Scope,
  decides: Decides,
): StoreWrite & Decides
export function storeWrite(resource: string, scope: Scope, decides: object = {}) {
  return { resource, scope, transports: ['graphql', 'mcp', 'cli'] as const, storeScoped: true as const, ...decides }
}

/** The face `storeWrite` gives: a resource's scope, every transport, the selected store. */
export interface StoreWrite {
  readonly resource: string
  readonly scope: Scope
  readonly transports: readonly ['graphql', 'mcp', 'cli']
  readonly storeScoped: true
}

/**
 * The face of store commands that only the platform runs (checkout, reactions, webhooks,
 * schedulers, the storefront), which no transport offers; with what they decide with, as for
 * `storeWrite`.
 *
 * @example const SHOPPER = storeInternal(CART_CATEGORY, 'orders:write', { decider: cartDecider })
 */
export function storeInternal<Decides extends object>(resource: string, scope: Scope, decides: Decides) {
  return { resource, scope, transports: [] as const, storeScoped: true as const, ...decides }
}

/**
 * The face of organization-level commands that people run, signed-in admins over GraphQL and
 * operators at the CLI, and no agent over MCP (keys, members, the organization itself); with what
 * they decide with, as for `storeWrite`.
 *
 * @example const KEYS = organizationWrite(API_KEY_CATEGORY, 'settings:write', { decider: apiKeyDecider })
 */
export function organizationWrite<Decides extends object>(resource: string, scope: Scope, decides: Decides) {
  return { resource, scope, transports: ['graphql', 'cli'] as const, storeScoped: false as const, ...decides }
}

/** Erases the generics for the registry, which holds definitions of every resource. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommandDefinition = CommandDefinition<any, any, any, any>

/** Identity helper that keeps the generics inferred at the definition site. */
export function defineCommand<Input, State, Command, Event extends DomainEvent>(
  definition: CommandDefinition<Input, State, Command, Event>,
): CommandDefinition<Input, State, Command, Event> {
  return definition
}

/** Whether held scopes allow a command: its `scope` or any of its `alsoGrantedBy`. */
export function grantsCommand(
  held: readonly Scope[],
  definition: Pick<AnyCommandDefinition, 'scope' | 'alsoGrantedBy'>,
): boolean {
  return [definition.scope, ...(definition.alsoGrantedBy ?? [])].some((scope) => grants(held, scope))
}

/** "products:write" or "products:write or webstore:write", for messages. */
export function commandScopesText(definition: Pick<AnyCommandDefinition, 'scope' | 'alsoGrantedBy'>): string {
  return [definition.scope, ...(definition.alsoGrantedBy ?? [])].join(' or ')
}
