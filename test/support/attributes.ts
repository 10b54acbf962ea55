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

/** `mutation { <name>(input) { <payload> { <fields> } eventPosition } }`, for any `name` of one resource. */
const writeMutation = (payload: string, fields: string) => (name: string) =>
  `mutation ($input: ${name[0]!.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { ${payload} { ${fields} } eventPosition } }`

/** `mutation { <name>(input) { attribute { … } eventPosition } }`. */
export const attributeMutation = writeMutation('attribute', ATTRIBUTE_FIELDS)

/** `mutation { <name>(input) { attributeSet { … } eventPosition } }`. */
export const setMutation = writeMutation('attributeSet', SET_FIELDS)

/** Runs a create mutation that must succeed and answers what it wrote under `payload`. */
async function create<Written>(
  t: TestApp,
  apiKey: string,
  name: string,
  payload: string,
  mutation: string,
  input: Record<string, unknown>,
): Promise<Written> {
  const response = await t.gql<Record<string, Record<string, Written>>>(apiKey, mutation, { input })
  expect(response.errors).toBeUndefined()
  return response.data![name]![payload]!
}

export const createAttribute = (t: TestApp, apiKey: string, input: Record<string, unknown>) =>
  create<Attribute>(t, apiKey, 'attributeCreate', 'attribute', attributeMutation('attributeCreate'), input)

export const createAttributeSet = (t: TestApp, apiKey: string, input: Record<string, unknown>) =>
  create<AttributeSet>(t, apiKey, 'attributeSetCreate', 'attributeSet', setMutation('attributeSetCreate'), input)

/** A SELECT `size` (Size) with the one option `s` (S): the attribute a write or revert test changes. */
export const createSizeAttribute = (t: TestApp, apiKey: string) =>
  createAttribute(t, apiKey, { code: 'size', name: 'Size', type: 'SELECT', options: [{ code: 's', label: 'S' }] })

/** A SELECT attribute with the options red and blue (in that order), under the code and name given. */
export const createRedBlueAttribute = (t: TestApp, apiKey: string, code: string, name: string) =>
  createAttribute(t, apiKey, {
    code,
    name,
    type: 'SELECT',
    options: [
      { code: 'red', label: 'Red' },
      { code: 'blue', label: 'Blue' },
    ],
  })

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
