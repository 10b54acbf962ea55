import { changeEvents } from '../../shared/change-events.js'
import type { DecideContext } from '../../shared/context.js'
import { DomainError, badInput, conflict } from '../../shared/errors.js'
import { insertion, listedTwice, removal, reordering } from '../../shared/ordered-ids.js'
import { publicationChanges, type PublicationStatus } from '../../shared/publishable/publication.js'
import { changedSeo, NO_SEO, withSeo, type Seo, type SeoInput } from '../../shared/publishable/seo.js'
import type { CollectionCommand, CollectionCreate, CollectionUpdate } from './commands.js'
import type { LiveCollection, CollectionState } from './collection.js'
import type { CollectionEvent, CollectionSortOrder, CollectionType } from './events.js'
import { sameRules, type CollectionRule } from './rules.js'

/** Pure: the answer depends on the command, the collection's history and the time in `ctx`. */
export function decideCollection(
  command: CollectionCommand,
  state: CollectionState,
  ctx: DecideContext,
): CollectionEvent[] {
  switch (command.type) {
    case 'CollectionCreate':
      return create(command, state, ctx)
    case 'CollectionUpdate':
      return update(command, state, ctx)
    case 'CollectionDelete': {
      const collection = live(state, command.data.collectionId, ['input', 'id'])
      return [{ type: 'CollectionDeleted', data: { collectionId: collection.collectionId, handle: collection.handle } }]
    }
    case 'CollectionProductsAdd': {
      const { collectionId, productIds } = manual(state, command.data.collectionId)
      const added = insertion(productIds, command.data.productIds, command.data.position)
      if (!added) return []
      return [
        { type: 'CollectionProductsAdded', data: { collectionId, productIds: added.ids, position: added.position } },
      ]
    }
    case 'CollectionProductsRemove': {
      const { collectionId, productIds } = manual(state, command.data.collectionId)
      const removed = removal(productIds, command.data.productIds)
      if (!removed) return []
      const data = { collectionId, productIds: removed.ids, positions: removed.positions }
      return [{ type: 'CollectionProductsRemoved', data }]
    }
    case 'CollectionProductsReorder': {
      const { collectionId, productIds } = manual(state, command.data.collectionId)
      const order = reordering(productIds, command.data.productIds, {
        field: 'productIds',
        notInList: (id) => `product '${id}' is not in this collection; add it first with collectionProductsAdd`,
        twice: listedTwice('product'),
      })
      return order ? [{ type: 'CollectionProductsReordered', data: { collectionId, productIds: order } }] : []
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: CollectionCreate, state: CollectionState, ctx: DecideContext): CollectionEvent[] {
  if (state.kind !== 'empty')
    throw conflict(`collection '${command.data.collectionId}' already exists; use collectionUpdate to change it`)
  const { status, seo, ...fields } = command.data
  checkShape(fields.type, fields.rules, fields.disjunctive, fields.sortOrder)
  const { collectionId } = fields
  return [
    { type: 'CollectionCreated', data: fields },
    ...seoEvents(collectionId, NO_SEO, seo),
    ...statusEvents(collectionId, 'DRAFT', status, ctx),
  ]
}

function seoEvents(collectionId: string, current: Seo, input: SeoInput | undefined): CollectionEvent[] {
  const seo = changedSeo(current, withSeo(current, input))
  return seo ? [{ type: 'CollectionSeoChanged', data: { collectionId, ...seo } }] : []
}

/** Collections share the publication status of pages and posts, without a schedule. */
function statusEvents(
  collectionId: string,
  current: PublicationStatus,
  status: PublicationStatus | undefined,
  ctx: DecideContext,
): CollectionEvent[] {
  return publicationChanges({ status: current, publishAt: null, publishedAt: null }, { status }, ctx.now).map(
    (change): CollectionEvent =>
      change.kind === 'published'
        ? { type: 'CollectionPublished', data: { collectionId, publishedAt: change.publishedAt } }
        : { type: 'CollectionUnpublished', data: { collectionId } },
  )
}

/** Only fields that really change become events, so repeating an update records nothing. */
function update(command: CollectionUpdate, state: CollectionState, ctx: DecideContext): CollectionEvent[] {
  const collection = live(state, command.data.collectionId, ['input', 'id'])
  const { collectionId, seo, status, rules, disjunctive, sortOrder } = command.data
  const nextRules = rules ?? collection.rules
  const nextDisjunctive = disjunctive ?? collection.disjunctive
  const nextSort = sortOrder ?? collection.sortOrder
  checkShape(collection.type, nextRules, nextDisjunctive, nextSort)
  const events: CollectionEvent[] = changeEvents(collection, command.data, {
    title: (title) => ({ type: 'CollectionRetitled', data: { collectionId, title } }),
    handle: (to) => ({ type: 'CollectionHandleChanged', data: { collectionId, from: collection.handle, to } }),
    description: (description) => ({ type: 'CollectionDescriptionChanged', data: { collectionId, description } }),
    imageId: (imageId) => ({ type: 'CollectionImageChanged', data: { collectionId, imageId } }),
  })
  events.push(
    ...seoEvents(collectionId, collection.seo, seo),
    ...statusEvents(collectionId, collection.status, status, ctx),
  )
  if (!sameRules(nextRules, collection.rules) || nextDisjunctive !== collection.disjunctive) {
    events.push({
      type: 'CollectionRulesChanged',
      data: { collectionId, rules: nextRules, disjunctive: nextDisjunctive },
    })
  }
  if (nextSort !== collection.sortOrder)
    events.push({ type: 'CollectionSortOrderChanged', data: { collectionId, sortOrder: nextSort } })
  return events
}

/** What each type allows: rules and ANY/ALL belong to SMART collections, the MANUAL order to MANUAL ones. */
function checkShape(
  type: CollectionType,
  rules: readonly CollectionRule[],
  disjunctive: boolean,
  sortOrder: CollectionSortOrder,
): void {
  if (type === 'SMART') {
    if (rules.length === 0)
      throw badInput(
        ['input', 'rules'],
        'a SMART collection needs at least one rule, e.g. {field: TAG, relation: EQUALS, value: "summer"}',
      )
    if (sortOrder === 'MANUAL')
      throw badInput(
        ['input', 'sortOrder'],
        'a SMART collection is ordered by its products: choose TITLE_ASC, PRICE_ASC, CREATED_DESC …; MANUAL is for MANUAL collections',
      )
    return
  }
  if (rules.length > 0)
    throw badInput(
      ['input', 'rules'],
      'rules pick the products of SMART collections; this one is MANUAL, so add products with collectionProductsAdd',
    )
  if (disjunctive)
    throw badInput(
      ['input', 'disjunctive'],
      'disjunctive applies to the rules of SMART collections; this one is MANUAL',
    )
}

/** Another store's collection lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function live(state: CollectionState, collectionId: string, field: readonly (string | number)[]): LiveCollection {
  if (state.kind !== 'existing')
    throw new DomainError('NOT_FOUND', `collection '${collectionId}' does not exist in this store`, { field })
  return state.collection
}

function manual(state: CollectionState, collectionId: string): LiveCollection {
  const collection = live(state, collectionId, ['input', 'collectionId'])
  if (collection.type === 'SMART') {
    throw badInput(
      ['input', 'collectionId'],
      `collection '${collectionId}' is SMART: its rules pick its products; change the rules with collectionUpdate, or use a MANUAL collection`,
    )
  }
  return collection
}
