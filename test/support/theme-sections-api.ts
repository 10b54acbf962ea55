import { expect } from 'vitest'
import type { GraphQLResponse, Tenant, TestApp } from './app.js'
import { perFile } from './per-file.js'

/** The section and block mutations over GraphQL, against one theme of one store. */

export type Block = { id: string; type: string; disabled: boolean; settings: Record<string, unknown> }
export type Section = {
  id: string
  type: string
  disabled: boolean
  settings: Record<string, unknown>
  blocks: Block[]
  renderData: RenderData
}
export type RenderData = {
  id: string
  settings: Record<string, unknown>
  blocks: { id: string; type: string; settings: Record<string, unknown>; shopify_attributes: string }[]
}
export type Template = { name: string; path: string; sections: Section[] }
export type Payload = {
  template: Template
  section?: Section
  block?: Block
  deletedId?: string
  eventPosition: string | null
  theme: { id: string }
}

const SECTION = 'id type disabled settings blocks { id type disabled settings } renderData'
export const TEMPLATE = `name path sections { ${SECTION} }`
export const PAYLOAD_FIELDS: Record<string, string> = {
  themeSectionAdd: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } eventPosition`,
  themeSectionUpdate: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } eventPosition`,
  themeSectionRemove: `theme { id } template { ${TEMPLATE} } deletedId eventPosition`,
  themeSectionsReorder: `theme { id } template { ${TEMPLATE} } eventPosition`,
  themeBlockAdd: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } block { id type disabled settings } eventPosition`,
  themeBlockUpdate: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } block { id type disabled settings } eventPosition`,
  themeBlockRemove: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } deletedId eventPosition`,
  themeBlocksReorder: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } eventPosition`,
}

export interface SectionsState {
  t: TestApp
  shop: Tenant
  themeId: string
}

/**
 * The helpers a section test file runs its mutations and reads with; `state()` is read at call
 * time, so the helpers can be taken apart at the top of the file before `beforeAll` has run.
 */
export function sectionsApi(state: () => SectionsState) {
  /** Runs one of the section mutations with `input` (themeId and template 'index' unless given). */
  function mutate(
    name: string,
    input: Record<string, unknown>,
    key = state().shop.apiKey,
  ): Promise<GraphQLResponse<Record<string, Payload>>> {
    const type = `${name[0]!.toUpperCase()}${name.slice(1)}Input`
    return state().t.gql(key, `mutation($input: ${type}!) { ${name}(input: $input) { ${PAYLOAD_FIELDS[name]} } }`, {
      input: { themeId: state().themeId, template: 'index', ...input },
    })
  }

  async function ok(name: string, input: Record<string, unknown>): Promise<Payload> {
    const response = await mutate(name, input)
    expect(response.errors, JSON.stringify(response.errors)).toBeUndefined()
    return response.data![name]!
  }

  async function fails(
    name: string,
    input: Record<string, unknown>,
    expected: { code: string; field?: (string | number)[]; message?: string },
    key?: string,
  ): Promise<void> {
    const before = await template('index')
    const response = await mutate(name, input, key)
    expect(response.errors?.[0]?.extensions.code, JSON.stringify(response.errors)).toBe(expected.code)
    if (expected.field) expect(response.errors![0]!.extensions.field).toEqual(expected.field)
    if (expected.message) expect(response.errors![0]!.message).toContain(expected.message)
    // A failed command changes nothing.
    expect(await template('index')).toEqual(before)
  }

  async function template(name: string, key = state().shop.apiKey): Promise<Template | null> {
    const response = await state().t.gql<{ theme: { template: Template | null } }>(
      key,
      `query($id: ID!, $name: String!) { theme(id: $id) { template(name: $name) { ${TEMPLATE} } } }`,
      { id: state().themeId, name },
    )
    expect(response.errors).toBeUndefined()
    return response.data!.theme.template
  }

  const sectionOf = async (id: string, name = 'index') => (await template(name))!.sections.find((s) => s.id === id)
  return { mutate, ok, fails, template, sectionOf }
}

/** A store's UNPUBLISHED theme made from the default files, for the section tests to change. */
export async function createSectionsTheme(t: TestApp, shop: Tenant): Promise<string> {
  const created = await t.gql<{ themeCreate: { theme: { id: string } } }>(
    shop.apiKey,
    'mutation { themeCreate(input: {name: "Sections", role: UNPUBLISHED}) { theme { id } } }',
  )
  expect(created.errors).toBeUndefined()
  return created.data!.themeCreate.theme.id
}

/**
 * The `createSectionsTheme` of a test file, made in `beforeAll` once the store exists, instead of a
 * `let themeId` every file assigns by hand. Read its `id` in hooks and tests, as with `perFile`.
 */
export function useSectionsTheme(t: TestApp, shop: Tenant): { id: string } {
  return perFile(
    async () => ({ id: await createSectionsTheme(t, shop) }),
    () => Promise.resolve(),
  )
}
