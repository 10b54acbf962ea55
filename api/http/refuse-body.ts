import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Readies the answer to a request whose body will not be read to its end (a body over its
 * limit, a malformed multipart stream): the body stops flowing into our parsers, and the
 * answer carries `Connection: close`, so Node closes the connection once the answer is written
 * rather than reading what is left as if it were the next request.
 *
 * The socket is never destroyed here: destroying it before the answer is out would leave a
 * client that is still sending with a reset instead of the answer (RFC 9112 §9.6).
 */
export function refuseRestOfBody(request: FastifyRequest, reply: FastifyReply): void {
  request.raw.unpipe()
  request.raw.pause()
  reply.header('connection', 'close')
}
