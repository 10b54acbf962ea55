import { availableParallelism } from 'node:os'
import type { default as SharpModule, Metadata, Sharp } from 'sharp'
import type { MediaMimeType } from '../../domain/media/events.js'
import { badInput } from '../../domain/shared/errors.js'
import { Semaphore } from './semaphore.js'

type SharpFactory = typeof SharpModule

let loaded: Promise<SharpFactory> | undefined

/**
 * sharp and libvips, loaded on the first image and configured before anything uses them. They
 * weigh some 30 MB of memory, which a process that handles no image (a projector, an idle API
 * node, the stdio MCP server of a read-only key) should not carry.
 */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image and as many images at once as there are cores (at most 4): on
    // the 2-core machines we run on, two uploads proceed in parallel and the rest queue, instead of
    // every image asking libvips for all cores. No file cache: every input is a buffer anyway.
    sharp.concurrency(1)
    sharp.cache({ files: 0 })
    // Bytes reach libvips only after sniffing says they are one of our image types; blocking every
    // other loader (SVG, PDF, TIFF, ImageMagick …) makes sure a mislabelled file cannot reach one.
    sharp.block({ operation: ['VipsForeignLoad'] })
    sharp.unblock({
      operation: [
        'VipsForeignLoadJpegBuffer',
        'VipsForeignLoadPngBuffer',
        'VipsForeignLoadWebpBuffer',
        'VipsForeignLoadHeifBuffer',
        'VipsForeignLoadNsgifBuffer',
      ],
    })
    return sharp
  })
  return loaded
}

const imageWork = new Semaphore(Math.max(1, Math.min(4, availableParallelism())))

export type ImageMimeType = Exclude<MediaMimeType, 'application/pdf'>
export type VariantFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'

const FORMAT_OF: Record<ImageMimeType, VariantFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
}
export const MIME_OF: Record<VariantFormat, ImageMimeType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
}

export interface EncodedImage {
  data: Buffer
  width: number
  height: number
}

/** How many images are being decoded or encoded right now is bounded; this counts the runs, for tests and metrics. */
export const imageStats = { runs: 0 }

/**
 * Decodes an upload, applies its EXIF orientation and encodes it again in its own format:
 * metadata (EXIF with GPS positions, XMP, comments) is dropped and colours are converted to
 * sRGB. Refuses images over `maxPixels` (all frames of an animation counted) before decoding
 * them, so a tiny file that expands to gigabytes of pixels never does.
 */
export async function reencodeImage(
  bytes: Buffer,
  mimeType: ImageMimeType,
  maxPixels: number,
  field: readonly (string | number)[],
): Promise<EncodedImage> {
  const animated = mimeType === 'image/gif' || mimeType === 'image/webp'
  // Outside the try below: a sharp that cannot load is our failure, not a damaged upload.
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(bytes, { animated }).metadata()
  } catch {
    throw badInput(field, 'the image could not be read; it may be truncated or damaged')
  }
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  if (width * height > maxPixels) {
    const frames = (meta.pages ?? 1) > 1 ? ` in ${meta.pages} frames` : ''
    throw badInput(
      field,
      `the image has ${width}×${height} pixels${frames} (${megapixels(width * height)} MP); the limit is ${megapixels(maxPixels)} MP: scale it down and upload again`,
    )
  }
  return imageWork.run(async () => {
    imageStats.runs++
    try {
      const { data, info } = await encode(
        sharp(bytes, { animated, limitInputPixels: maxPixels }).rotate(),
        FORMAT_OF[mimeType],
      ).toBuffer({ resolveWithObject: true })
      return { data, width: info.width, height: info.pageHeight ?? info.height }
    } catch {
      throw badInput(field, 'the image could not be decoded; it may be truncated or damaged')
    }
  })
}

/** A stored image at `width` (never enlarged) in `format`; stored images are already oriented and stripped. */
export async function renderVariant(
  original: Buffer,
  mimeType: ImageMimeType,
  width: number | null,
  format: VariantFormat,
): Promise<Buffer> {
  const animated = (mimeType === 'image/gif' || mimeType === 'image/webp') && (format === 'gif' || format === 'webp')
  const sharp = await loadSharp()
  return imageWork.run(async () => {
    imageStats.runs++
    let pipeline = sharp(original, { animated, limitInputPixels: false })
    if (width !== null) pipeline = pipeline.resize({ width, withoutEnlargement: true })
    return encode(pipeline, format).toBuffer()
  })
}

export function formatOf(mimeType: ImageMimeType): VariantFormat {
  return FORMAT_OF[mimeType]
}

/** Settings that look good for product photos at a size that serves fast; identical input gives identical bytes. */
function encode(pipeline: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85, progressive: true })
    case 'png':
      return pipeline.png({ compressionLevel: 8 })
    case 'webp':
      return pipeline.webp({ quality: 85 })
    case 'avif':
      return pipeline.avif({ quality: 60, effort: 3 })
    case 'gif':
      return pipeline.gif()
  }
}

function megapixels(pixels: number): string {
  return (pixels / 1_000_000).toFixed(1).replace(/\.0$/, '')
}
