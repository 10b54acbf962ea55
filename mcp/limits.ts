/** The least either transport accepts: room for any ordinary call and then some. */
const FLOOR_BYTES = 30 * 1024 * 1024

/** The JSON-RPC envelope, file name and alt text around the base64 of an `upload_image` call. */
const ENVELOPE_BYTES = 1024 * 1024

/**
 * The largest MCP message either transport takes: the body limit of `/mcp` and the read buffer
 * of stdio. It must fit `upload_image` with the base64 of a file of the media byte limit (four
 * bytes for every three: 26.7 MB for the default 20 MB), so a file over the limit gets the
 * pipeline's own clear refusal instead of a transport error; raising `MEDIA_MAX_BYTES` raises it.
 */
export function mcpMessageLimitBytes(mediaMaxBytes: number): number {
  return Math.max(FLOOR_BYTES, Math.ceil(mediaMaxBytes / 3) * 4 + ENVELOPE_BYTES)
}
