import { DomainError } from '../../../domain/shared/errors.js'

/**
 * How deep `{`, `[` and `(` may nest in a document. graphql-js parses recursively: a list
 * literal some 2,000 levels deep exhausts the stack before its token limit stops it, and the
 * request fails with "Maximum call stack size exceeded". Real documents stay far below: a
 * selection 12 deep, input objects, a JSON literal 32 deep.
 */
export const DOCUMENT_MAX_NESTING = 100

/**
 * Refuses a document nested deeper than DOCUMENT_MAX_NESTING with QUERY_TOO_COMPLEX before it is
 * parsed: one pass over the text, brackets inside strings and comments not counted.
 */
export function checkNesting(document: string): void {
  let depth = 0
  for (let i = 0; i < document.length; i++) {
    const char = document[i]
    if (char === '#') {
      while (i < document.length && document[i] !== '\n' && document[i] !== '\r') i++
    } else if (char === '"') {
      if (document.startsWith('"""', i)) {
        const end = document.indexOf('"""', i + 3)
        i = end === -1 ? document.length : end + 2
      } else {
        for (i++; i < document.length && document[i] !== '"' && document[i] !== '\n'; i++) if (document[i] === '\\') i++
      }
    } else if (char === '{' || char === '[' || char === '(') {
      if (++depth > DOCUMENT_MAX_NESTING) {
        throw new DomainError(
          'QUERY_TOO_COMPLEX',
          `the document nests brackets more than ${DOCUMENT_MAX_NESTING} levels deep; send deep values as variables (JSON nests at most 32 levels)`,
        )
      }
    } else if (char === '}' || char === ']' || char === ')') depth--
  }
}
