import { z } from 'zod'

export const ORGANIZATION_NAME_MAX_LENGTH = 100

export const organizationCreateInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name must not be empty')
    .max(ORGANIZATION_NAME_MAX_LENGTH, `name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`),
})
export type OrganizationCreateInput = z.infer<typeof organizationCreateInput>

export type OrganizationCreate = { type: 'OrganizationCreate'; data: { organizationId: string; name: string } }

export type OrganizationCommand = OrganizationCreate
