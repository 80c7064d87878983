import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorBody, errorStatus, type ErrorCode } from '@mergeboard/core';

type ClientError = Error & { code?: string };

/** What Node's HTTP parser refused, as the one error shape's code and message. */
function answerFor(error: ClientError): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        code: 'headers_too_large',
        message:
          'The URL and headers together are larger than the server accepts (16 KB); shorten the query string',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'request_timeout', message: 'The request took too long to arrive' };
    default:
      return { code: 'bad_request', message: 'Malformed HTTP request' };
  }
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before any route runs (an
 * over-long URL, a request that is not HTTP) answer `{ error: { code, message } }` like every
 * other failure, instead of Fastify's default shape. Written straight to the socket, as there is
 * no request; the connection is closed afterwards, as Node does.
 */
export function clientErrorHandler(this: FastifyInstance, error: ClientError, socket: Socket): void {
  // A reset connection is gone already; nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, message } = answerFor(error);
  const status = errorStatus[code];
  this.log.debug({ err: error }, `client error ${status}`);
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
