import { expect } from 'vitest'
import type { TestApp } from './app.js'

// GraphQL documents and helpers for the attribute, attribute set and product attribute suites.

export const ATTRIBUTE_FIELDS =
  'id code name type options { code label } required filterable visible validation { minLength maxLength pattern min max decimals unit minDate maxDate minSelections maxSelections } revision'
export const SET_FIELDS = 'id name sections { name position attributes { code } } attributes { code } revision'

export interface Attribute {
  id: string
  code: string
  name: string
  type: string
  options: { code: string; label: string }[]
  required: boolean
  filterable: boolean
  visible: boolean
  validation: Record<string, unknown>
  revision: number
}

export interface AttributeSet {
  id: string
  name: string
  sections: { name: string; position: number; attributes: { code: string }[] }[]
  attributes: { code: string }[]
  revision: number
}

/** `mutation { <name>(input) { attribute { … } eventPosition } }`. */
export const attributeMutation = (name: string) =>
  `mutation ($input: ${name[0]!.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { attribute { ${ATTRIBUTE_FIELDS} } eventPosition } }`

/** `mutation { <name>(input) { attributeSet { … } eventPosition } }`. */
export const setMutation = (name: string) =>
  `mutation ($input: ${name[0]!.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { attributeSet { ${SET_FIELDS} } eventPosition } }`

export async function createAttribute(t: TestApp, apiKey: string, input: Record<string, unknown>): Promise<Attribute> {
  const response = await t.gql<{ attributeCreate: { attribute: Attribute } }>(
    apiKey,
    attributeMutation('attributeCreate'),
    { input },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.attributeCreate.attribute
}

export async function createAttributeSet(
  t: TestApp,
  apiKey: string,
  input: Record<string, unknown>,
): Promise<AttributeSet> {
  const response = await t.gql<{ attributeSetCreate: { attributeSet: AttributeSet } }>(
    apiKey,
    setMutation('attributeSetCreate'),
    { input },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.attributeSetCreate.attributeSet
}

/** A SELECT `material` (cotton, wool), a NUMBER `width` in cm, and a required TEXT `care`. */
export async function clothingAttributes(t: TestApp, apiKey: string) {
  const material = await createAttribute(t, apiKey, {
    code: 'material',
    name: 'Material',
    type: 'SELECT',
    filterable: true,
    options: [
      { code: 'cotton', label: 'Cotton' },
      { code: 'wool', label: 'Wool' },
    ],
  })
  const width = await createAttribute(t, apiKey, {
    code: 'width',
    name: 'Width',
    type: 'NUMBER',
    validation: { min: 0, unit: 'cm', decimals: 1 },
  })
  const care = await createAttribute(t, apiKey, { code: 'care', name: 'Care', type: 'TEXT', required: true })
  return { material, width, care }
}
