import { z } from 'zod'
import { badInput } from '../errors.js'
import { dateTimeInput } from '../input-types.js'

// Pages and blog posts share one publication model: DRAFT or PUBLISHED, a `publishedAt` stamped
// when they go live, and an optional `publishAt` that schedules a DRAFT to go live by itself
// (the publish scheduler in app/scheduling runs the resource's publish-due command). Collections
// use its status without a schedule; products keep their own statuses (ACTIVE, DRAFT, ARCHIVED).

export const PUBLICATION_STATUSES = ['DRAFT', 'PUBLISHED'] as const
/** DRAFT: hidden from shoppers; PUBLISHED: on the storefront since `publishedAt`. */
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number]

export interface Publication {
  status: PublicationStatus
  /** When a DRAFT goes live by itself (ISO-8601), or null. */
  publishAt: string | null
  /** When it went live (ISO-8601); null while DRAFT. */
  publishedAt: string | null
}

export const UNPUBLISHED: Publication = { status: 'DRAFT', publishAt: null, publishedAt: null }

/** What a command does to a publication; each resource names these as its own events. */
export type PublicationChange =
  | { kind: 'published'; publishedAt: string }
  | { kind: 'unpublished' }
  | { kind: 'scheduled'; publishAt: string }
  | { kind: 'unscheduled'; reason: 'published' | 'cancelled' }

/** A publishable's status input; `scheduled` when the resource also takes `publishAt`. */
export function statusInput(resource: string, { scheduled = true } = {}) {
  const schedule = scheduled ? ` A ${resource} scheduled with publishAt stays DRAFT until then.` : ''
  return z
    .enum(PUBLICATION_STATUSES, { error: `status must be one of ${PUBLICATION_STATUSES.join(', ')}` })
    .describe(`DRAFT (hidden) or PUBLISHED (on the storefront).${schedule}`)
}

export const publishAtInput = dateTimeInput('publishAt').describe(
  'When a DRAFT goes live by itself (ISO-8601); null cancels the schedule.',
)

/**
 * The changes that take `current` to the requested status and schedule. `next.status` and
 * `next.publishAt` undefined leave them; publishAt null cancels the schedule. A schedule only
 * makes sense on something that stays DRAFT, so one on a PUBLISHED result is refused; publishing
 * by hand ends the schedule.
 */
export function publicationChanges(
  current: Publication,
  next: { status?: PublicationStatus | undefined; publishAt?: string | null | undefined },
  now: Date,
): PublicationChange[] {
  const status = next.status ?? current.status
  const changes: PublicationChange[] = []
  if (next.publishAt != null && status === 'PUBLISHED') {
    throw badInput(
      ['input', 'publishAt'],
      'publishAt schedules a DRAFT to go live, but this one would be PUBLISHED already; send status DRAFT with it, or leave publishAt out',
    )
  }
  if (status === 'PUBLISHED' && current.status === 'DRAFT') {
    changes.push({ kind: 'published', publishedAt: now.toISOString() })
    if (current.publishAt !== null) changes.push({ kind: 'unscheduled', reason: 'published' })
    return changes
  }
  if (status === 'DRAFT' && current.status === 'PUBLISHED') changes.push({ kind: 'unpublished' })
  if (next.publishAt != null && next.publishAt !== current.publishAt)
    changes.push({ kind: 'scheduled', publishAt: next.publishAt })
  if (next.publishAt === null && current.publishAt !== null) changes.push({ kind: 'unscheduled', reason: 'cancelled' })
  return changes
}

/**
 * What the scheduler's publish-due command does: a DRAFT whose publishAt has come goes live,
 * stamped with the scheduled time; anything else changes nothing, so racing schedulers publish once.
 */
export function publishDueChanges(current: Publication, now: Date): PublicationChange[] {
  if (current.status !== 'DRAFT' || current.publishAt === null || new Date(current.publishAt) > now) return []
  return [
    { kind: 'published', publishedAt: current.publishAt },
    { kind: 'unscheduled', reason: 'published' },
  ]
}

/** The publication after a change, for `evolve`. */
export function applyPublicationChange(current: Publication, change: PublicationChange): Publication {
  switch (change.kind) {
    case 'published':
      return { ...current, status: 'PUBLISHED', publishedAt: change.publishedAt }
    case 'unpublished':
      return { ...current, status: 'DRAFT', publishedAt: null }
    case 'scheduled':
      return { ...current, publishAt: change.publishAt }
    case 'unscheduled':
      return { ...current, publishAt: null }
    default: {
      const _exhaustive: never = change
      return _exhaustive
    }
  }
}
