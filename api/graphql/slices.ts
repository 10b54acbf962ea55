import { auditLogSlice } from './audit/log/resolvers.js'
import { productCategoriesSlice } from './catalog/category/product-categories.js'
import { categorySlice } from './catalog/category/resolvers.js'
import { productBulkSlice } from './catalog/product/bulk-resolvers.js'
import { productImportSlice } from './catalog/product/import-resolvers.js'
import { productHistorySlice } from './catalog/product/history-resolvers.js'
import { productSlice } from './catalog/product/resolvers.js'
import { mediaSlice } from './media/resolvers.js'
import type { GraphQLSlice } from './plugin.js'
import { commerceSlice } from './settings/commerce/resolvers.js'
import { organizationSlice } from './tenancy/organization/resolvers.js'
import { storeSlice } from './tenancy/store/resolvers.js'
import { accountSlice } from './tenancy/account/resolvers.js'
import { apiKeySlice } from './tenancy/api-key/resolvers.js'
import { memberSlice } from './tenancy/member/resolvers.js'
import { viewerSlice } from './tenancy/viewer/resolvers.js'

/** Every slice of the one schema. */
export const graphqlSlices: readonly GraphQLSlice[] = [viewerSlice, accountSlice, memberSlice, apiKeySlice, productSlice, productHistorySlice, productBulkSlice, productImportSlice, mediaSlice, categorySlice, productCategoriesSlice, organizationSlice, storeSlice, commerceSlice, auditLogSlice]
