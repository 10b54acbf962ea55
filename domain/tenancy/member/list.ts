import { defineList, filter } from '../../shared/list-spec.js'
import { MEMBER_ROLES } from './roles.js'

/** INVITED: the invitation is pending. ACTIVE: a member who signs in. */
export const MEMBER_STATUSES = ['INVITED', 'ACTIVE'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]

/** The organization's members and pending invitations as a list (GraphQL `members`). */
export const MEMBER_LIST = defineList({
  name: 'Member',
  filters: {
    email: filter.string(),
    role: filter.enumList('MemberRole', MEMBER_ROLES),
    status: filter.enumList('MemberStatus', MEMBER_STATUSES),
    createdAt: filter.dateRange(),
  },
  sorts: ['EMAIL', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_ASC',
  filterDescription: 'Conditions on members; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of a member list; ties are broken by id.',
})
