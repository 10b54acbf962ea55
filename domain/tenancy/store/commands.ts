import { z } from 'zod'
import { slugProblem } from './slug.js'

export const STORE_NAME_MAX_LENGTH = 100

export const storeCreateInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name must not be empty')
    .max(STORE_NAME_MAX_LENGTH, `name must be at most ${STORE_NAME_MAX_LENGTH} characters`),
  slug: z.string().superRefine((slug, refinement) => {
    const problem = slugProblem(slug)
    if (problem) refinement.addIssue({ code: 'custom', message: problem })
  }),
})
export type StoreCreateInput = z.infer<typeof storeCreateInput>

export type StoreCreate = { type: 'StoreCreate'; data: { storeId: string; organizationId: string; name: string; slug: string } }

export type StoreCommand = StoreCreate
