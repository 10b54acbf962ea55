import type { CartAction } from './paths.js'

/** A cart request of Shopify's forms or Ajax API, read into one shape. Prices a client sends are never read. */
export interface CartRequest {
  /** `/cart/add`: variants and quantities (1 when not given). */
  items: { variantId: string; quantity: number }[]
  /** Whether `/cart/add.js` was sent `items: [...]` (answered with `{items}`) rather than one `id`. */
  itemsList: boolean
  /** `/cart/change`: a line by `id` (line key or variant id) or `line` (1-based), and its new quantity. */
  changes: { id?: string; line?: number; quantity: number }[]
  /** `/cart/update`: `updates[<key or variant id>]=n` or `updates[]=n` by line position (0-based `index`). */
  updates: { key: string; index?: number; quantity: number }[]
  returnTo?: string
}

const MAX_FIELDS = 500

type Fields = Map<string, string>

function fieldsOf(body: unknown): { fields: Fields; json: Record<string, unknown> | null } {
  const fields: Fields = new Map()
  if (body instanceof URLSearchParams) {
    let count = 0
    const arrays = new Map<string, number>()
    for (const [key, value] of body) {
      if (++count > MAX_FIELDS) break
      // `updates[]=1&updates[]=2` → updates[0], updates[1]
      if (key.endsWith('[]')) {
        const base = key.slice(0, -2)
        const index = arrays.get(base) ?? 0
        arrays.set(base, index + 1)
        fields.set(`${base}[${index}]`, value)
      } else fields.set(key, value)
    }
    return { fields, json: null }
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) return { fields, json: body as Record<string, unknown> }
  return { fields, json: null }
}

/** A quantity as sent: whole numbers only, anything else NaN (refused later with a clear message). */
function quantityOf(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback
  const number = typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(String(value)) ? Number(value) : NaN
  return Number.isSafeInteger(number) ? number : NaN
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

/** Reads a form post (`URLSearchParams`) or a JSON body into a `CartRequest`. */
export function cartRequestOf(action: CartAction, body: unknown): CartRequest {
  const { fields, json } = fieldsOf(body)
  const get = (key: string): unknown => (json ? json[key] : fields.get(key))
  const request: CartRequest = { items: [], itemsList: false, changes: [], updates: [] }
  const returnTo = get('return_to')
  if (typeof returnTo === 'string') request.returnTo = returnTo
  if (action === 'add') {
    const list = json?.items
    if (Array.isArray(list)) {
      request.itemsList = true
      for (const item of list.slice(0, MAX_FIELDS)) {
        const entry = (item ?? {}) as Record<string, unknown>
        request.items.push({ variantId: text(entry.id), quantity: quantityOf(entry.quantity, 1) })
      }
    } else if (!json && [...fields.keys()].some((key) => key.startsWith('items['))) {
      request.itemsList = true
      for (let i = 0; fields.has(`items[${i}][id]`); i++)
        request.items.push({
          variantId: fields.get(`items[${i}][id]`)!,
          quantity: quantityOf(fields.get(`items[${i}][quantity]`), 1),
        })
    } else request.items.push({ variantId: text(get('id')), quantity: quantityOf(get('quantity'), 1) })
  }
  if (action === 'change') {
    const line = get('line')
    const quantity = quantityOf(get('quantity'), NaN)
    if (line !== undefined && line !== '') request.changes.push({ line: quantityOf(line, NaN), quantity })
    else request.changes.push({ id: text(get('id')), quantity })
  }
  if (action === 'update') {
    const updates = json?.updates
    if (Array.isArray(updates))
      updates.forEach((quantity, index) =>
        request.updates.push({ key: '', index, quantity: quantityOf(quantity, NaN) }),
      )
    else if (updates && typeof updates === 'object')
      for (const [key, quantity] of Object.entries(updates).slice(0, MAX_FIELDS))
        request.updates.push({ key, quantity: quantityOf(quantity, NaN) })
    for (const [key, value] of fields) {
      const match = /^updates\[([^\]]*)\]$/.exec(key)
      if (!match) continue
      const index = /^\d+$/.test(match[1]!) && match[1]!.length < 4 ? Number(match[1]) : undefined
      request.updates.push({ key: index === undefined ? match[1]! : '', index, quantity: quantityOf(value, NaN) })
    }
  }
  return request
}
