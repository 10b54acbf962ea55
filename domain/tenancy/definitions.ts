import { apiKeyDefinitions } from './api-key/definitions.js'
import { organizationDefinitions } from './organization/definitions.js'
import { storeDefinitions } from './store/definitions.js'

/** Every tenancy command, for the registry. */
export const tenancyDefinitions = [...organizationDefinitions, ...storeDefinitions, ...apiKeyDefinitions] as const
