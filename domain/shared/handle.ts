/** URL handles: lowercase ASCII letters, digits and single hyphens. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const HANDLE_MAX_LENGTH = 255

/** `"Red Shirt — Größe L!"` → `"red-shirt-grosse-l"`; empty when nothing usable remains. */
export function handleize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/ß/g, 'ss')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX_LENGTH)
    .replace(/-+$/g, '')
}
