import { streamName } from '../../shared/streams.js'

export const USER_CATEGORY = 'user'

/** Scope of platform-wide reservations: an email address belongs to one user across every organization. */
export const PLATFORM_SCOPE = 'platform'

/** `user-<userId>_<userId>`: people are platform-level, not owned by one organization. */
export function userStream(userId: string): string {
  return streamName(USER_CATEGORY, userId, userId)
}

/** The reservation key of a sign-in email (already normalised), under `PLATFORM_SCOPE`. */
export function userEmailKey(email: string): string {
  return `user-email:${email}`
}
