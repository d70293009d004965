import type { AppInstance } from '../http/types';
import { checkExchangesAgainstOpenApi, type Exchange } from './openapi-check';

/** What `recordExchanges` gives back: the exchanges so far, and the check of them against the app's API description. */
export type ExchangeRecorder = {
  exchanges: Exchange[];
  /**
   * Checks every recorded exchange against the description the app serves at `/api/docs/json`.
   * @throws Error listing each mismatch (method, route, status, what is wrong) when any.
   */
  assertDocumented: () => Promise<void>;
};

/**
 * Records every answer of `app` under `/api/` (but the API description itself) that went to a
 * route: method, route pattern, status, content type, body, and the request's parts when it was
 * accepted (2xx). Install before `ready()`.
 */
export function recordExchanges(app: AppInstance): ExchangeRecorder {
  const exchanges: Exchange[] = [];
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (route && route.startsWith('/api/') && !route.startsWith('/api/docs')) {
      const status = reply.statusCode;
      exchanges.push({
        method: request.method,
        route,
        status,
        contentType: String(reply.getHeader('content-type') ?? ''),
        // A 204 or 304 goes out without its body, whatever the handler passed (Fastify drops it).
        body:
          status === 204 || status === 304 || payload == null
            ? ''
            : typeof payload === 'string'
              ? payload
              : Buffer.isBuffer(payload)
                ? payload.toString('utf8')
                : null,
        request:
          status >= 200 && status < 300
            ? {
                contentType: request.headers['content-type'] ?? '',
                body: request.body,
                query: request.query,
                params: request.params,
                headers: request.headers,
              }
            : undefined,
      });
    }
    done(null, payload);
  });
  return {
    exchanges,
    assertDocumented: async () => {
      if (exchanges.length === 0) return;
      const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<
        Record<string, unknown>
      >();
      const mismatches = await checkExchangesAgainstOpenApi(document, exchanges);
      if (mismatches.length > 0) {
        throw new Error(
          `The API description (/api/docs/json) does not describe ${mismatches.length} answer(s) the tests saw:\n${mismatches.map((m) => `  - ${m}`).join('\n')}`,
        );
      }
    },
  };
}
