import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { previewLinkExpiry, type ThemeCommand } from './commands.js'
import { defaultThemeFiles } from './default-theme.js'
import { themeDecider } from './definitions.js'
import type { ThemeCreated, ThemeEvent } from './events.js'
import { ctx } from '../../../test/support/decide-context.js'

const ID = '01900000-0000-7000-8000-000000000001'
const spec = deciderSpec(themeDecider, ctx)
const files = defaultThemeFiles()
const created = (role: ThemeCreated['data']['role'] = 'DRAFT'): ThemeCreated => ({
  type: 'ThemeCreated',
  data: { themeId: ID, name: 'Summer', role, source: 'DEFAULT', sourceThemeId: null, files },
})
const deleted: ThemeEvent = { type: 'ThemeDeleted', data: { themeId: ID, role: 'DRAFT' } }

describe('themePreviewLinkCreate', () => {
  const link = (): ThemeCommand => ({
    type: 'ThemePreviewLinkCreate',
    data: { themeId: ID, expiresAt: '2026-01-03T03:04:05.000Z' },
  })

  it('records the link and its expiry on a theme that exists, whatever its role', () => {
    for (const role of ['MAIN', 'DRAFT', 'UNPUBLISHED'] as const)
      spec
        .given([created(role)])
        .when(link())
        .then([{ type: 'ThemePreviewLinkCreated', data: { themeId: ID, expiresAt: '2026-01-03T03:04:05.000Z' } }])
  })

  it('refuses a theme that never existed or was deleted, like any unknown id', () => {
    spec.given([]).when(link()).thenFails({ code: 'NOT_FOUND' })
    spec.given([created(), deleted]).when(link()).thenFails({ code: 'NOT_FOUND' })
  })

  it('expires whole seconds after now, 24 hours unless asked', () => {
    const now = new Date('2026-01-02T03:04:05.678Z')
    expect(previewLinkExpiry(now, null).toISOString()).toBe('2026-01-03T03:04:05.000Z')
    expect(previewLinkExpiry(now, 60).toISOString()).toBe('2026-01-02T03:05:05.000Z')
  })
})
