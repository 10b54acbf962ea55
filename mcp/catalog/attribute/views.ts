import { ATTRIBUTE_SET_CATEGORY } from '../../../domain/catalog/attribute-set/streams.js'
import { ATTRIBUTE_CATEGORY } from '../../../domain/catalog/attribute/streams.js'
import { findAttributeSetView } from '../../../app/catalog/attribute-set/reads.js'
import { attributeSetViewSchema } from '../../../app/catalog/attribute-set/view.js'
import { findAttributeView } from '../../../app/catalog/attribute/reads.js'
import { attributeViewSchema } from '../../../app/catalog/attribute/view.js'
import { resourceView } from '../../shared/view.js'

export const attributeView = resourceView({
  resource: ATTRIBUTE_CATEGORY,
  readTool: 'get_attribute',
  schema: attributeViewSchema,
  find: findAttributeView,
})

export const attributeSetView = resourceView({
  resource: ATTRIBUTE_SET_CATEGORY,
  readTool: 'list_attribute_sets',
  schema: attributeSetViewSchema,
  find: findAttributeSetView,
})
