import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it completes: the request (through the logger's `req`
 * serialiser), the status and the time taken, with the request id. Fastify's own request logging
 * writes two lines (incoming, completed), and on the users/me path logging was a tenth of the
 * server's time; one line carries the same facts. Every other line Fastify writes (errors, 404s,
 * stream errors) is kept. A request that never completes leaves no line of its own.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
