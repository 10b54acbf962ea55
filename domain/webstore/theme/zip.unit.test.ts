import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { BlobWriter } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { BINARY_FILE_MAX_BYTES, FILE_MAX_BYTES } from './files.js'
import { themeFilesFromZip } from './zip.js'

const STORE = '01900000-0000-7000-8000-00000000a001'
const zip = (entries: Record<string, Uint8Array>) => Buffer.from(zipSync(entries)).toString('base64')
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff])

function recordingBlobs() {
  const puts: { storeId: string; hash: string; bytes: Uint8Array; contentType: string }[] = []
  const blobs: BlobWriter = {
    put: async (storeId, hash, bytes, contentType) => void puts.push({ storeId, hash, bytes, contentType }),
  }
  return { blobs, puts }
}

async function refusal(run: () => Promise<unknown>): Promise<DomainError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

describe('themeFilesFromZip', () => {
  it('drops one wrapping folder and archiver clutter, sorted by path', async () => {
    const files = await themeFilesFromZip(
      zip({
        'my-theme/snippets/b.liquid': strToU8('b'),
        'my-theme/layout/theme.liquid': strToU8('{{ content_for_layout }}'),
        '__MACOSX/my-theme/._x': strToU8('x'),
      }),
      STORE,
      undefined,
    )
    expect(files.map((f) => f.path)).toEqual(['layout/theme.liquid', 'snippets/b.liquid'])
    expect(files[0]).toMatchObject({ content: '{{ content_for_layout }}', size: 24 })
  })

  it('keeps a theme folder at the root as it is', async () => {
    const files = await themeFilesFromZip(
      zip({ 'layout/theme.liquid': strToU8('x'), 'layout/password.liquid': strToU8('y') }),
      STORE,
      undefined,
    )
    expect(files.map((f) => f.path)).toEqual(['layout/password.liquid', 'layout/theme.liquid'])
  })

  it('stores images and fonts through the blob writer and records their hash', async () => {
    const { blobs, puts } = recordingBlobs()
    const [file] = await themeFilesFromZip(zip({ 'assets/logo.png': PNG }), STORE, blobs)
    expect(file).toMatchObject({ path: 'assets/logo.png', content: '', size: 5, contentType: 'image/png' })
    expect(puts).toEqual([{ storeId: STORE, hash: file!.checksum, bytes: PNG, contentType: 'image/png' }])
  })

  it('refuses binary files elsewhere, or when no blob store is at hand', async () => {
    const { blobs } = recordingBlobs()
    expect((await refusal(() => themeFilesFromZip(zip({ 'snippets/x.liquid': PNG }), STORE, blobs))).message).toContain(
      'snippets/x.liquid is not UTF-8 text',
    )
    expect((await refusal(() => themeFilesFromZip(zip({ 'assets/logo.png': PNG }), STORE, undefined))).field).toEqual([
      'input',
      'zip',
    ])
  })

  it('refuses oversized files and unreadable archives', async () => {
    const big = await refusal(() =>
      themeFilesFromZip(zip({ 'assets/big.css': new Uint8Array(FILE_MAX_BYTES + 1).fill(97) }), STORE, undefined),
    )
    expect(big.message).toContain('assets/big.css')
    const garbage = await refusal(() =>
      themeFilesFromZip(Buffer.from('not a zip').toString('base64'), STORE, undefined),
    )
    expect(garbage).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'zip'] })
  })

  it("leaves out what lies beside the theme folders, as in a theme's repository, and keeps blocks/", async () => {
    const files = await themeFilesFromZip(
      zip({
        'horizon/README.md': strToU8('# Horizon'),
        'horizon/.github/workflows/ci.yml': strToU8('on: push'),
        'horizon/.theme-check.yml': strToU8('root: .'),
        'horizon/blocks/_slide.liquid': strToU8("{% content_for 'blocks' %}"),
        'horizon/layout/theme.liquid': strToU8('{{ content_for_layout }}'),
      }),
      STORE,
      undefined,
    )
    expect(files.map((f) => f.path)).toEqual(['blocks/_slide.liquid', 'layout/theme.liquid'])
  })

  it('takes zip bytes, and images past the text file limit up to their own, reporting at the given field', async () => {
    const { blobs } = recordingBlobs()
    const gif = new Uint8Array(FILE_MAX_BYTES + 1)
    const [file] = await themeFilesFromZip(zipSync({ 'assets/sparkle.gif': gif }), STORE, blobs)
    expect(file).toMatchObject({ size: FILE_MAX_BYTES + 1, contentType: 'image/gif' })
    const field = ['input', 'stagedUploadId']
    const huge = zipSync({ 'assets/huge.png': new Uint8Array(BINARY_FILE_MAX_BYTES + 1) })
    expect(await refusal(() => themeFilesFromZip(huge, STORE, blobs, field))).toMatchObject({
      field,
      message: expect.stringContaining(`at most ${BINARY_FILE_MAX_BYTES}`),
    })
  })
})
