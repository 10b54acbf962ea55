import { z } from 'zod'
import { requiredText } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'

export const ORGANIZATION_NAME_MAX_LENGTH = 100

const name = requiredText('name', ORGANIZATION_NAME_MAX_LENGTH)

export const organizationCreateInput = z.object({ name })
export type OrganizationCreateInput = z.infer<typeof organizationCreateInput>

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const organizationUpdateInput = strictInput('organizationUpdate', { name: name.nullish() })
export type OrganizationUpdateInput = z.infer<typeof organizationUpdateInput>

export type OrganizationCreate = { type: 'OrganizationCreate'; data: { organizationId: string; name: string } }
/** Fields left out stay as they are. */
export type OrganizationUpdate = { type: 'OrganizationUpdate'; data: { organizationId: string; name?: string } }

export type OrganizationCommand = OrganizationCreate | OrganizationUpdate
