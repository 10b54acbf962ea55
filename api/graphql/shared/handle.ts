// SDL of the localized title and URL handle of the resources the storefront serves at a handle
// (pages, blogs, posts, collections).

/** The localized `title` and the `handle`, documented as unique `uniqueIn` (e.g. `in the store`). */
export function titleAndHandleFields(uniqueIn: string): string {
  return /* GraphQL */ `title(locale: Locale): String!
    "The URL name, unique ${uniqueIn}."
    handle: String!`
}
