import { Tokenizer, type TagToken, type ValueToken } from 'liquidjs'

/**
 * A tag's first argument (`'product'` in `{% form 'product', product %}`) and the tokenizer past
 * it and its comma, at the next argument; `usage` is the error when the tag has none.
 */
export function firstArgument(token: TagToken, usage: string): { value: ValueToken; tokenizer: Tokenizer } {
  const tokenizer = new Tokenizer(token.args)
  const value = tokenizer.readValue()
  if (!value) throw new Error(usage)
  skipComma(tokenizer)
  return { value: value as ValueToken, tokenizer }
}

/** Steps over the blanks and the one comma between two arguments. */
export function skipComma(tokenizer: Tokenizer): void {
  tokenizer.skipBlank()
  if (tokenizer.peek() === ',') tokenizer.advance()
}
