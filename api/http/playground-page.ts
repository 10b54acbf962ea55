/**
 * The playground page and the script that starts GraphiQL in it. The script is a file of its own
 * (served from our origin like the bundles) because the page's Content-Security-Policy allows no
 * inline script.
 */

export interface PlaygroundAssetUrls {
  react: string
  reactDom: string
  graphiql: string
  css: string
  pageCss: string
  start: string
}

export function playgroundHtml(assets: PlaygroundAssetUrls): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>GraphiQL</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${assets.css}" />
    <link rel="stylesheet" href="${assets.pageCss}" />
    <script src="${assets.react}" defer></script>
    <script src="${assets.reactDom}" defer></script>
    <script src="${assets.graphiql}" defer></script>
    <script src="${assets.start}" defer></script>
  </head>
  <body>
    <div id="graphiql">Loading the playground…</div>
  </body>
</html>
`
}

/** The page fills the window: GraphiQL's container takes the size of its parent. */
export const PLAYGROUND_CSS = `html, body, #graphiql { height: 100%; margin: 0; }
`

/**
 * Starts GraphiQL against `/graphql` on this origin, with the headers editor open.
 *
 * Every operation needs a credential, so the first, automatic schema request is not sent
 * without one: it would only earn a 401. GraphiQL shows instead how to add the key, and loads the
 * schema as soon as an `Authorization` header is typed (it fetches the schema again when its
 * fetcher changes). A merchant signed in with the session cookie presses the schema refresh
 * button (or Shift+Ctrl+R) instead: every request after the first one is sent as it is.
 */
export const PLAYGROUND_START_JS = `'use strict'
;(function () {
  var HINT = 'Add your API key in the Headers tab below, as {"Authorization": "Bearer <key>"}; the schema loads as soon as it is there. Signed in with a session cookie? Press the refresh button (Re-fetch GraphQL schema) instead.'
  var DEFAULT_QUERY = '# Set the Authorization header below, then run this query with Ctrl+Enter.\\n{\\n  viewer {\\n    scopes\\n  }\\n}\\n'
  var root = ReactDOM.createRoot(document.getElementById('graphiql'))
  var firstSchemaRequest = true
  var authorization = ''

  function authorizationOf(headers) {
    try {
      var parsed = JSON.parse(headers || '{}')
      for (var name in parsed) if (name.toLowerCase() === 'authorization' && typeof parsed[name] === 'string') return parsed[name].trim()
    } catch (error) {
      return authorization
    }
    return ''
  }

  function makeFetcher() {
    var send = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).href })
    return function (params, options) {
      var isSchemaRequest = params && params.operationName === 'IntrospectionQuery'
      if (isSchemaRequest && firstSchemaRequest && !authorization) {
        firstSchemaRequest = false
        // With data: null GraphiQL shows the message instead of retrying another introspection.
        return Promise.resolve({ data: null, errors: [{ message: HINT }] })
      }
      return send(params, options)
    }
  }

  function render(fetcher, defaultHeaders) {
    root.render(
      React.createElement(GraphiQL, {
        fetcher: fetcher,
        defaultQuery: DEFAULT_QUERY,
        // Headers belong to a tab: a tab opened later starts with the last key typed.
        defaultHeaders: defaultHeaders,
        isHeadersEditorEnabled: true,
        defaultEditorToolsVisibility: 'headers',
        shouldPersistHeaders: false,
        onEditHeaders: function (headers) {
          var next = authorizationOf(headers)
          if (next === authorization) return
          authorization = next
          // A new fetcher makes GraphiQL fetch the schema again, now with the key.
          if (/^bearer\\s+\\S+$/i.test(next)) render(makeFetcher(), headers)
        },
      }),
    )
  }

  render(makeFetcher(), '{"Authorization": "Bearer "}')
})()
`
