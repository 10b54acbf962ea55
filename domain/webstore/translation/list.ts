import { defineList } from '../../shared/list-spec.js'

/**
 * The store's translatable resources of one kind as a list (GraphQL `translatableResources`, MCP
 * `list_translatable_resources`). No filter: the kind is a required argument of its own, and the
 * resources of different kinds share no column but their id and creation time.
 */
export const TRANSLATABLE_RESOURCE_LIST = defineList({
  name: 'TranslatableResource',
  filters: {},
  sorts: ['CREATED_AT'],
  defaultSort: 'CREATED_AT_ASC',
  sortDescription: 'Order of a translatable resource list; ties are broken by id so cursors never skip or repeat.',
})
