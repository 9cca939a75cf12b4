import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, ErrorMessage, type ApiErrorBody } from '../../shared/errors';

/** After answering, a client that does not close its side within this long is cut off. */
const LINGER_MS = 2_000;

function answerFor(code: string | undefined): { status: number; body: ApiErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      body: { success: false, code: ErrorCode.HEADERS_TOO_LARGE, message: ErrorMessage.HEADERS_TOO_LARGE },
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      body: { success: false, code: ErrorCode.REQUEST_TIMEOUT, message: ErrorMessage.REQUEST_TIMEOUT },
    };
  }
  return { status: 400, body: { success: false, code: ErrorCode.BAD_REQUEST, message: ErrorMessage.BAD_HTTP_REQUEST } };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a head over 16 KB, bytes that are not
 * HTTP, a head that took too long) get the error envelope like every other error, and the connection is
 * closed gracefully: the rest of the request is read and dropped, so the client receives the answer
 * rather than a reset. Fastify's clientErrorHandler option; replaces its non-envelope default.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = answerFor(error.code);
  this.log.debug({ err: error, status }, 'client error');
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  // An answer already under way on this connection cannot be followed by another one.
  if (!socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const payload = JSON.stringify(body);
  // An answer to HEAD has GET's headers and no body (a client would read the body as a protocol error).
  // The method is known when the packet that failed holds the start of the request, as it does for a head
  // sent in one piece; a head that trickled in gets the body, which Connection: close still delimits.
  const head = (error as NodeJS.ErrnoException & { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString('latin1');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${head === 'HEAD ' ? '' : payload}`,
  );
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
