import { apiKeyDefinitions } from './api-key/definitions.js'
import { memberDefinitions } from './member/definitions.js'
import { organizationDefinitions } from './organization/definitions.js'
import { storeDefinitions } from './store/definitions.js'
import { userDefinitions } from './user/definitions.js'

/** Every tenancy command, for the registry. */
export const tenancyDefinitions = [
  ...organizationDefinitions,
  ...storeDefinitions,
  ...apiKeyDefinitions,
  ...userDefinitions,
  ...memberDefinitions,
] as const
