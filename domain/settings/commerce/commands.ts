import { z } from 'zod'

export const storeCommerceToggleInput = z.strictObject(
  {
    enabled: z.boolean({
      error: 'enabled is required: true to sell (prices and buying), false for a catalog-only showroom',
    }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `storeCommerceToggle does not take ${issue.keys.join(', ')}; its field is enabled`
        : undefined,
  },
)
export type StoreCommerceToggleInput = z.output<typeof storeCommerceToggleInput>

export type StoreCommerceToggle = { type: 'StoreCommerceToggle'; data: { storeId: string; enabled: boolean } }
