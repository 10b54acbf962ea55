/** The silhouette drawn on a demo picture. */
export type Motif = 'tee' | 'sweater' | 'beanie' | 'tote' | 'mug' | 'pillow' | 'candle' | 'pin' | 'banner' | 'journal'

/** A filled area on the 800 × 800 canvas: its bounding box and whether a point lies inside. */
interface Shape {
  box: [number, number, number, number]
  inside(x: number, y: number): boolean
  opacity?: number
}

type Point = [number, number]

const circle = (cx: number, cy: number, r: number): Shape => ({
  box: [cx - r, cy - r, cx + r, cy + r],
  inside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r,
})

const rect = (left: number, top: number, width: number, height: number, radius = 0, opacity = 1): Shape => ({
  box: [left, top, left + width, top + height],
  opacity,
  inside(x, y) {
    // Distance from the inner rectangle the corners are rounded around.
    const dx = Math.max(left + radius - x, 0, x - (left + width - radius))
    const dy = Math.max(top + radius - y, 0, y - (top + height - radius))
    return dx * dx + dy * dy <= radius * radius
  },
})

const polygon = (points: Point[]): Shape => {
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  return {
    box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    // Even-odd rule: a ray to the right crosses the outline an odd number of times from inside.
    inside(x, y) {
      let inside = false
      for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
        const yi = ys[i]!
        const yj = ys[j]!
        if (yi > y !== yj > y && x < ((xs[j]! - xs[i]!) * (y - yi)) / (yj - yi) + xs[i]!) inside = !inside
      }
      return inside
    },
  }
}

/** Half a ring (a handle, a dome when `width` is the radius), open towards the bottom or the left. */
const halfRing = (cx: number, cy: number, r: number, width: number, side: 'top' | 'right'): Shape => ({
  box: side === 'top' ? [cx - r, cy - r, cx + r, cy] : [cx, cy - r, cx + r, cy + r],
  inside(x, y) {
    const d = Math.hypot(x - cx, y - cy)
    return d <= r && d >= r - width && (side === 'top' ? y <= cy : x >= cx)
  },
})

// Simple shapes, white over the product's colour: recognisable enough for a demo, without
// fonts or an SVG loader (libvips' SVG loader stays blocked, see infra/media/image.ts).
const MOTIFS: Record<Motif, Shape[]> = {
  tee: [
    polygon([
      [270, 180],
      [340, 150],
      [400, 190],
      [460, 150],
      [530, 180],
      [640, 270],
      [580, 340],
      [530, 300],
      [530, 640],
      [270, 640],
      [270, 300],
      [220, 340],
      [160, 270],
    ]),
  ],
  sweater: [
    polygon([
      [280, 170],
      [400, 215],
      [520, 170],
      [620, 230],
      [680, 560],
      [610, 580],
      [560, 330],
      [560, 650],
      [240, 650],
      [240, 330],
      [190, 580],
      [120, 560],
      [180, 230],
    ]),
  ],
  beanie: [halfRing(400, 515, 180, 180, 'top'), rect(200, 515, 400, 90, 20)],
  tote: [
    halfRing(400, 320, 100, 24, 'top'),
    polygon([
      [220, 320],
      [580, 320],
      [550, 640],
      [250, 640],
    ]),
  ],
  mug: [rect(230, 250, 280, 340, 30), halfRing(510, 420, 90, 40, 'right')],
  pillow: [
    polygon([
      [200, 220],
      [400, 250],
      [600, 220],
      [575, 400],
      [600, 580],
      [400, 550],
      [200, 580],
      [225, 400],
    ]),
  ],
  candle: [
    rect(270, 330, 260, 300, 24),
    polygon([
      [400, 180],
      [430, 240],
      [400, 290],
      [370, 240],
    ]),
    rect(394, 290, 12, 40),
  ],
  pin: [circle(280, 400, 120), circle(540, 400, 100)],
  banner: [circle(250, 560, 170), circle(560, 300, 120), rect(440, 480, 220, 160, 30)],
  journal: [rect(250, 170, 300, 460, 18), rect(290, 240, 180, 20, 10, 0.5)],
}

const SIZE = 800
/** The motif is drawn at twice the size and scaled down: smooth edges without an anti-aliasing rasteriser. */
const SCALE = 2

function rgb(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
}

/** The motif's coverage at SCALE × SIZE, one byte per pixel; a later shape covers an earlier one. */
function motifMask(motif: Motif): Buffer {
  const side = SIZE * SCALE
  const mask = Buffer.alloc(side * side)
  for (const shape of MOTIFS[motif]) {
    const value = Math.round(255 * 0.88 * (shape.opacity ?? 1))
    const [x0, y0, x1, y1] = shape.box.map((v) => Math.max(0, Math.min(side - 1, Math.round(v * SCALE))))
    for (let y = y0!; y <= y1!; y++) {
      for (let x = x0!; x <= x1!; x++) {
        if (shape.inside((x + 0.5) / SCALE, (y + 0.5) / SCALE)) mask[y * side + x] = value
      }
    }
  }
  return mask
}

/** RGB at SIZE × SIZE: `colour` lightened at the top left, deepening to itself at the bottom right. */
function gradient(colour: string): Buffer {
  const dark = rgb(colour)
  const light = dark.map((c) => c + (255 - c) * 0.35)
  // One colour per diagonal x + y.
  const steps = 2 * SIZE - 1
  const ramp = new Uint8Array(steps * 3)
  for (let d = 0; d < steps; d++) {
    for (let c = 0; c < 3; c++) ramp[d * 3 + c] = Math.round(light[c]! + (dark[c]! - light[c]!) * (d / (steps - 1)))
  }
  const pixels = Buffer.alloc(SIZE * SIZE * 3)
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0, at = y * SIZE * 3; x < SIZE; x++, at += 3) {
      const d = (x + y) * 3
      pixels[at] = ramp[d]!
      pixels[at + 1] = ramp[d + 1]!
      pixels[at + 2] = ramp[d + 2]!
    }
  }
  return pixels
}

/**
 * A square 800 × 800 WebP picture made on the spot: a diagonal gradient of `colour` with the
 * motif on top. The demo shop ships no binary files and fetches nothing from the network.
 *
 * @example const bytes = await demoImage('tee', '#2b3a55')
 */
export async function demoImage(motif: Motif, colour: string): Promise<Buffer> {
  // Loaded on use, as the media pipeline does: a server that seeds nothing never carries libvips for it.
  const { default: sharp } = await import('sharp')
  const side = SIZE * SCALE
  const coverage = await sharp(motifMask(motif), { raw: { width: side, height: side, channels: 1 } })
    .resize(SIZE, SIZE)
    .raw()
    .toBuffer()
  const shapes = Buffer.alloc(SIZE * SIZE * 4, 255)
  for (let i = 0; i < coverage.length; i++) shapes[i * 4 + 3] = coverage[i]!
  return sharp(gradient(colour), { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .composite([{ input: shapes, raw: { width: SIZE, height: SIZE, channels: 4 } }])
    .webp({ quality: 82 })
    .toBuffer()
}
