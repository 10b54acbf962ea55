/**
 * An update's events for its plain fields: one for each field of `eventOf` that `next` gives (not
 * undefined) with a value other than the current one, in the order of `eventOf`. Only fields that
 * really change become events, so repeating an update records nothing.
 *
 * @example
 * changeEvents(blog, command.data, {
 *   title: (title) => ({ type: 'BlogRetitled', data: { blogId, title } }),
 *   handle: (to) => ({ type: 'BlogHandleChanged', data: { blogId, from: blog.handle, to } }),
 * })
 */
export function changeEvents<Current extends object, Key extends keyof Current, Event>(
  current: Current,
  next: { readonly [Field in NoInfer<Key>]?: NoInfer<Current[Field]> | undefined },
  eventOf: { [Field in Key]: (value: NoInfer<Current[Field]>) => Event },
): Event[] {
  return (Object.keys(eventOf) as Key[]).flatMap((key) => {
    const value = next[key]
    return value === undefined || value === current[key] ? [] : [eventOf[key](value)]
  })
}
