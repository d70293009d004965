import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received. */
export type StandInRequest = { method: string; url: URL; headers: IncomingMessage['headers']; body: Buffer };
/** What it answers: JSON `body`, or `raw` bytes, with a status and headers. */
export type StandInResponse = {
  status?: number;
  body?: unknown;
  raw?: Buffer | string;
  headers?: Record<string, string>;
};

/**
 * A local HTTP server answering like a mail provider's REST API (Gmail, Graph) for tests:
 * `handle` answers each request (undefined → 404); `failNext` makes the next requests whose path
 * starts with a prefix answer a recorded error instead (401, 429 with Retry-After…); every
 * request is recorded.
 */
export async function startMailApiStandIn(
  handle: (request: StandInRequest, base: string) => StandInResponse | undefined,
  port = 0,
) {
  const requests: StandInRequest[] = [];
  const failures: { prefix: string; response: StandInResponse }[] = [];
  let base = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', base),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      const failure = failures.findIndex((f) => request.url.pathname.startsWith(f.prefix));
      const answer =
        failure >= 0
          ? failures.splice(failure, 1)[0]!.response
          : (handle(request, base) ?? { status: 404, body: {} });
      res.writeHead(answer.status ?? 200, {
        'content-type':
          answer.raw === undefined ? 'application/json; charset=UTF-8' : 'application/octet-stream',
        ...answer.headers,
      });
      res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    /** The next request under `prefix` answers `response` (once). */
    failNext(prefix: string, response: StandInResponse) {
      failures.push({ prefix, response });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The bearer token of a request, or null. */
export function bearerOf(request: StandInRequest): string | null {
  return /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
}
