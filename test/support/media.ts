import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { useMediaServices, type MediaOverrides, type MediaServices } from '../../infra/media/services.js'
import { filesystemBlobStore } from '../../infra/media/storage/filesystem.js'
import type { BlobStore } from '../../infra/media/storage/port.js'
import type { TestApp } from './app.js'
import { perFile } from './per-file.js'

/** A solid-colour image made on the spot, so tests ship no binary fixtures. */
export function image(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png',
  colour = '#c0392b',
): Promise<Buffer> {
  const solid = sharp({ create: { width, height, channels: 3, background: colour } })
  return solid[format]().toBuffer()
}

export interface FilePart {
  name: string
  filename: string
  contentType: string
  data: Buffer
}

/** A `multipart/form-data` body by hand, as a browser or Apollo client would send it. */
export function multipartBody(
  fields: Record<string, string>,
  files: FilePart[],
): { payload: Buffer; contentType: string } {
  const boundary = `----emporium${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
    )
    chunks.push(file.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export const MEDIA_FIELDS = 'id kind mimeType filename alt width height bytes hash url createdAt updatedAt revision'

export interface MediaView {
  id: string
  kind: 'IMAGE' | 'FILE'
  mimeType: string
  filename: string
  alt: string
  width: number | null
  height: number | null
  bytes: number
  hash: string
  url: string
}

/**
 * The media services of a test app with blobs in a fresh temporary directory, and a count of
 * every blob write so tests can see what was stored.
 */
export async function useTestMedia(
  t: TestApp,
  overrides: MediaOverrides = {},
): Promise<{
  services: MediaServices
  dir: string
  writes: string[]
  files(): Promise<string[]>
  cleanup(): Promise<void>
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'emporium-media-'))
  const writes: string[] = []
  const inner = filesystemBlobStore(dir)
  const blobs: BlobStore = { ...inner, put: (key, data, type) => (writes.push(key), inner.put(key, data, type)) }
  const services = useMediaServices(t.platform, { blobs, ...overrides })
  return {
    services,
    dir,
    writes,
    async files() {
      return (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  }
}

/** `useTestMedia` for a whole test file: set up before its tests, its directory removed after them. */
export function useFileMedia(t: TestApp, overrides: MediaOverrides = {}): Awaited<ReturnType<typeof useTestMedia>> {
  return perFile(
    () => useTestMedia(t, overrides),
    (media) => media.cleanup(),
  )
}

/**
 * A new store `slug` with an image uploaded as `filename`, and an image of another new store
 * (`<slug>-other`): for tests that use the one and must be refused the other. Media must be running
 * (`useTestMedia`).
 */
export async function ownAndForeignImages(t: TestApp, slug: string, filename: string) {
  const { apiKey } = await t.tenant(slug)
  const other = await t.tenant(`${slug}-other`)
  const mine = (await uploadFile(t, apiKey, { data: await image(8, 8), filename })).media!
  const theirs = (await uploadFile(t, other.apiKey, { data: await image(8, 8, 'png', '#000'), filename: 'x.png' }))
    .media!
  return { apiKey, mine, theirs }
}

/** `mediaCreate` with a file, through a multipart request. */
export async function uploadFile(
  t: TestApp,
  apiKey: string,
  file: { data: Buffer; filename: string; contentType?: string },
  input: { alt?: string; filename?: string } = {},
): Promise<{
  response: LightMyRequestResponse
  media: MediaView | null
  errors: { message: string; extensions: Record<string, unknown> }[] | undefined
}> {
  const operations = JSON.stringify({
    query: `mutation($input: MediaCreateInput!) { mediaCreate(input: $input) { media { ${MEDIA_FIELDS} } eventPosition } }`,
    variables: { input: { file: null, ...input } },
  })
  const body = multipartBody({ operations, map: JSON.stringify({ 0: ['variables.input.file'] }) }, [
    {
      name: '0',
      filename: file.filename,
      contentType: file.contentType ?? 'application/octet-stream',
      data: file.data,
    },
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${apiKey}` },
    payload: body.payload,
  })
  const json = response.json() as {
    data?: { mediaCreate?: { media: MediaView } } | null
    errors?: { message: string; extensions: Record<string, unknown> }[]
  }
  return { response, media: json.data?.mediaCreate?.media ?? null, errors: json.errors }
}

/**
 * Stages a file as a client would: mediaStagedUploadCreate, then PUT to the signed URL. Gives the
 * id a mutation that takes a staged file (an import, a theme) reads it by.
 */
export async function stageUpload(
  t: TestApp,
  apiKey: string,
  file: { filename: string; mimeType: string; bytes: Uint8Array },
): Promise<string> {
  const staged = await t.gql<{ mediaStagedUploadCreate: { stagedUpload: { stagedUploadId: string; url: string } } }>(
    apiKey,
    'mutation ($input: MediaStagedUploadCreateInput!) { mediaStagedUploadCreate(input: $input) { stagedUpload { stagedUploadId url } } }',
    { input: { filename: file.filename, mimeType: file.mimeType, fileSize: file.bytes.byteLength } },
  )
  expect(staged.errors).toBeUndefined()
  const upload = staged.data!.mediaStagedUploadCreate.stagedUpload
  const put = await t.app.inject({
    method: 'PUT',
    url: new URL(upload.url).pathname,
    headers: { 'content-type': file.mimeType },
    payload: Buffer.from(file.bytes),
  })
  expect(put.statusCode).toBe(200)
  return upload.stagedUploadId
}
