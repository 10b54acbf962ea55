/** The GraphQL documents the bench sends, and a small client for the requests outside the load runs. */

export const LIST_QUERY = '{ products(first: 20) { nodes { id title handle status vendor tags createdAt updatedAt } } }'
export const BY_HANDLE_QUERY =
  'query ($handle: String!) { product(handle: $handle) { id title handle status vendor tags createdAt updatedAt } }'
export const UPDATE_MUTATION =
  'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id title revision } eventPosition } }'
export const CREATE_MUTATION =
  'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id handle title } } }'

export interface GraphQLError {
  message: string
  extensions?: { code?: string }
}

export interface GraphQLResponse<T> {
  status: number
  data: T | null
  errors: GraphQLError[]
}

export function graphqlHeaders(apiKey: string): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }
}

export function graphqlBody(query: string, variables?: Record<string, unknown>): string {
  return JSON.stringify(variables ? { query, variables } : { query })
}

export async function graphql<T>(
  baseUrl: string,
  apiKey: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLResponse<T>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: graphqlHeaders(apiKey),
    body: graphqlBody(query, variables),
  })
  const text = await response.text()
  let parsed: { data?: T | null; errors?: GraphQLError[] }
  try {
    parsed = JSON.parse(text) as typeof parsed
  } catch {
    throw new Error(`POST /graphql answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`)
  }
  return { status: response.status, data: parsed.data ?? null, errors: parsed.errors ?? [] }
}

/** The data of a request that must succeed; anything else stops the bench with the server's answer. */
export async function graphqlOk<T>(
  baseUrl: string,
  apiKey: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const result = await graphql<T>(baseUrl, apiKey, query, variables)
  if (result.status !== 200 || result.errors.length || result.data === null) {
    throw new Error(`GraphQL request failed (HTTP ${result.status}): ${JSON.stringify(result.errors)}`)
  }
  return result.data
}

/** `CONFLICT×3, NOT_FOUND×1` */
export function describeCodes(codes: Record<string, number>): string {
  return Object.entries(codes)
    .map(([code, count]) => `${code}×${count}`)
    .join(', ')
}
