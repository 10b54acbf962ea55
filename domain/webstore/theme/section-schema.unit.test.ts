import { describe, expect, it } from 'vitest'
import { parseSectionSchema, settingDefaults, settingValuesProblem } from './section-schema.js'
import { inputSettings } from './setting-definitions.js'

const section = (schema: string, before = '<div></div>\n') => `${before}{% schema %}\n${schema}\n{% endschema %}\n`

describe('parseSectionSchema', () => {
  it('answers null for a section without a schema', () => {
    expect(parseSectionSchema('<p>{{ section.id }}</p>')).toEqual({ ok: true, schema: null })
  })

  it('reads settings, blocks, presets and their defaults', () => {
    const result = parseSectionSchema(
      section(`{"name": "Hero", "max_blocks": 3,
        "settings": [{"type": "header", "content": "Look"}, {"type": "range", "id": "height", "label": "Height", "min": 100, "max": 600, "step": 50, "default": 300}],
        "blocks": [{"type": "button", "name": "Button", "limit": 2, "settings": [{"type": "url", "id": "link", "label": "Link"}]}],
        "presets": [{"name": "Hero", "blocks": [{"type": "button"}]}]}`),
    )
    expect(result.ok).toBe(true)
    const schema = result.ok ? result.schema! : null
    expect(schema!.blocks!.map((b) => b.type)).toEqual(['button'])
    expect(settingDefaults(schema!.settings)).toEqual({ height: 300 })
    expect(settingValuesProblem(inputSettings(schema!.settings!), { height: 325 })?.message).toContain('multiple of 50')
    expect(settingValuesProblem(inputSettings(schema!.settings!), { width: 1 })).toMatchObject({ id: 'width' })
  })

  it.each([
    [
      'a JSON error, with its line and column in the section file',
      '{"name": "X",\n  "settings": [,]}',
      { line: 4, column: 16 },
      'invalid JSON',
    ],
    ['max_blocks above 50', '{"name": "X", "max_blocks": 51}', { line: 2, column: 1 }, 'max_blocks must be at most 50'],
    [
      'a default that does not fit its type',
      '{"name": "X", "settings": [{"type": "checkbox", "id": "on", "label": "On", "default": "yes"}]}',
      {},
      'default',
    ],
    [
      'a select without options',
      '{"name": "X", "settings": [{"type": "select", "id": "s", "label": "S"}]}',
      {},
      'needs options',
    ],
    [
      'a setting id declared twice',
      '{"name": "X", "settings": [{"type": "text", "id": "a", "label": "A"}, {"type": "text", "id": "a", "label": "B"}]}',
      {},
      "'a' is declared twice",
    ],
    [
      'a preset block of an undeclared type',
      '{"name": "X", "presets": [{"name": "P", "blocks": [{"type": "nope"}]}]}',
      {},
      "'nope' is not declared",
    ],
    [
      'an unknown setting type',
      '{"name": "X", "settings": [{"type": "slider", "id": "s", "label": "S"}]}',
      {},
      'setting type must be one of',
    ],
    ['a schema without a name', '{}', {}, 'name'],
  ])('refuses %s', (_what, schema, position, message) => {
    const result = parseSectionSchema(section(schema))
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error).toMatchObject(position)
      expect(result.error.message).toContain(message)
    }
  })

  it('refuses a second schema tag', () => {
    const result = parseSectionSchema(`${section('{"name": "A"}')}${section('{"name": "B"}', '')}`)
    expect(result.ok ? null : result.error.message).toContain('only one {% schema %}')
  })
})
