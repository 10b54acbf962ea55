import { describe, expect, it } from 'vitest'
import { fold } from '../../shared/event.js'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { shopifyThemeFiles } from '../../../test/support/shopify-theme.js'
import { ctx, THEME } from '../../../test/support/theme-sections.js'
import type { ThemeCreated } from './events.js'
import { themeFile } from './files.js'
import type { ThemeSectionCommand } from './sections-commands.js'
import { themeSectionsDecider } from './sections-prepare.js'

// Theme blocks (blocks/*.liquid) in the block commands: a section that admits them through
// @theme, or names one bare, takes them with the settings of the block's own file.

const spec = deciderSpec(themeSectionsDecider, ctx)
const created: ThemeCreated = {
  type: 'ThemeCreated',
  data: {
    themeId: THEME,
    name: 'Imported',
    role: 'UNPUBLISHED',
    source: 'ZIP',
    sourceThemeId: null,
    files: Object.entries(shopifyThemeFiles()).map(([path, content]) => themeFile(path, content)),
  },
}
const decide = (command: ThemeSectionCommand) =>
  themeSectionsDecider.decide(command, fold(themeSectionsDecider, [created]), ctx)
const add = (sectionId: string, blockType: string, settings: Record<string, unknown> = {}): ThemeSectionCommand => ({
  type: 'ThemeBlockAdd',
  data: { themeId: THEME, template: 'index', sectionId, blockId: 'new', blockType, settings, position: null },
})

describe('theme blocks in a section', () => {
  it('adds a theme block an @theme section admits, checked against blocks/<type>.liquid', () => {
    expect(decide(add('hero', 'slide', { heading: 'Spring' }))).toEqual([
      expect.objectContaining({
        type: 'ThemeBlockAdded',
        data: expect.objectContaining({ blockId: 'new', type: 'slide', settings: { heading: 'Spring' } }),
      }),
    ])
    spec
      .given([created])
      .when(add('hero', 'slide', { colour: 'red' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'colour'] })
  })

  it('updates an imported theme block with its file’s settings', () => {
    const update: ThemeSectionCommand = {
      type: 'ThemeBlockUpdate',
      data: {
        themeId: THEME,
        template: 'index',
        sectionId: 'hero',
        blockId: 'slide-1',
        settings: { heading: 'Hi' },
        disabled: null,
      },
    }
    expect(decide(update).map((e) => e.type)).toEqual(['ThemeBlockSettingsChanged'])
  })

  it('refuses a theme block the theme does not have, and one a section admits only apps to', () => {
    spec
      .given([created])
      .when(add('hero', 'carousel'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: "no block type 'carousel'" })
    spec
      .given([created])
      .when(add('apps', 'slide'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'its block types are @app' })
  })
})
