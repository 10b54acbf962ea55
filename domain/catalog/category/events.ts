import { eventTypes, type DomainEvent, type HandleChanged, type ValueChanged } from '../../shared/event.js'

/** Search-engine title and description; empty strings mean "use the category's own". */
export type CategorySeo = { title: string; description: string }

/** The fields a category holds apart from its place in the tree. */
export type CategoryContent = {
  title: string
  handle: string
  description: string
  /** A media of the store's library, or null. */
  imageId: string | null
  seo: CategorySeo
}

/** `parentId` null: a root. `position` is the index among the parent's children; later siblings move one down. */
export type CategoryCreated = DomainEvent<
  'CategoryCreated',
  { categoryId: string; parentId: string | null; position: number } & CategoryContent
>
export type CategoryRetitled = DomainEvent<'CategoryRetitled', { categoryId: string; title: string }>
/** The paths of the category and its whole subtree change with it. */
export type CategoryHandleChanged = HandleChanged<'CategoryHandleChanged', { categoryId: string }>
export type CategoryDescriptionChanged = DomainEvent<
  'CategoryDescriptionChanged',
  { categoryId: string; description: string }
>
export type CategoryImageChanged = DomainEvent<'CategoryImageChanged', { categoryId: string; imageId: string | null }>
export type CategorySeoChanged = DomainEvent<'CategorySeoChanged', { categoryId: string; seo: CategorySeo }>
/** Taken out of `fromParentId`'s children and inserted at `position` among `toParentId`'s, with its subtree. */
export type CategoryMoved = DomainEvent<
  'CategoryMoved',
  { categoryId: string; fromParentId: string | null; toParentId: string | null; position: number }
>
/** Moved from index `from` to index `to` among the same parent's children. */
export type CategoryRepositioned = ValueChanged<
  'CategoryRepositioned',
  { categoryId: string; parentId: string | null },
  number
>
/** Carries parent and handle so readers need not look them up; descendants get their own events first. */
export type CategoryDeleted = DomainEvent<
  'CategoryDeleted',
  { categoryId: string; parentId: string | null; handle: string }
>
/** Marks a revert; the change events that restore revision `toRevision` follow it. */
export type CategoryReverted = DomainEvent<'CategoryReverted', { categoryId: string; toRevision: number }>

export type CategoryEvent =
  | CategoryCreated
  | CategoryRetitled
  | CategoryHandleChanged
  | CategoryDescriptionChanged
  | CategoryImageChanged
  | CategorySeoChanged
  | CategoryMoved
  | CategoryRepositioned
  | CategoryDeleted
  | CategoryReverted

/** Every event type of the category tree stream. */
export const CATEGORY_EVENT_TYPES = eventTypes<CategoryEvent>({
  CategoryCreated: true,
  CategoryRetitled: true,
  CategoryHandleChanged: true,
  CategoryDescriptionChanged: true,
  CategoryImageChanged: true,
  CategorySeoChanged: true,
  CategoryMoved: true,
  CategoryRepositioned: true,
  CategoryDeleted: true,
  CategoryReverted: true,
})
