/** What the storefront answers a request with; the HTTP layer sends it as it is. */
export interface StorefrontResponse {
  status: number
  headers: Record<string, string>
  body: string | Buffer
}
