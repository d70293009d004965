import { Validator } from '@seriousme/openapi-schema-validator';
import OpenAPIRequestValidator from 'openapi-request-validator';
import OpenAPIResponseValidator from 'openapi-response-validator';
import type { OpenAPIV3 } from 'openapi-types';

/** One answer of the API as a test saw it (see `recordExchanges`). */
export type Exchange = {
  method: string;
  /** Fastify's route pattern, e.g. `/api/conversations/:id`. */
  route: string;
  status: number;
  /** The answer's Content-Type header ('' when none). */
  contentType: string;
  /** The answer's body as text ('' when empty, null when streamed). */
  body: string | null;
  /** The request's parts, kept for accepted (2xx) requests only. */
  request?: {
    contentType: string;
    body: unknown;
    query: unknown;
    params: unknown;
    headers: Record<string, unknown>;
  };
};

type Operation = OpenAPIV3.OperationObject;

/** `/api/conversations/:id` → `/api/conversations/{id}` (OpenAPI's path template). */
function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** What both validators answer for an invalid response or request. */
type ValidatorErrors = { errors: { location?: string; path?: string; message?: string }[] };

function describeErrors(errors: ValidatorErrors): string {
  return errors.errors.map((e) => [e.location, e.path, e.message].filter(Boolean).join(' ')).join('; ');
}

function mediaType(contentType: string): string {
  return contentType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Checks `exchanges` against the OpenAPI `document` with validators written elsewhere:
 * the document itself must be valid OpenAPI (@seriousme/openapi-schema-validator); each answer's
 * status must be described for its operation and its body must match the schema of that status
 * (openapi-response-validator); its media type must be one the status describes (none for an
 * empty answer); and each accepted (2xx) request must match the operation's parameters and body
 * (openapi-request-validator).
 * @returns one line per mismatch, e.g. `DELETE /api/conversations/{id} → 204: …` (empty when all hold).
 */
export async function checkExchangesAgainstOpenApi(
  document: Record<string, unknown>,
  exchanges: Exchange[],
): Promise<string[]> {
  const mismatches: string[] = [];
  const documentCheck = await new Validator().validate(document);
  if (!documentCheck.valid)
    mismatches.push(
      `the document is not valid OpenAPI: ${JSON.stringify(documentCheck.errors).slice(0, 2000)}`,
    );
  const doc = document as unknown as OpenAPIV3.Document;
  const seen = new Set<string>();
  const responseValidators = new Map<Operation, OpenAPIResponseValidator>();
  const requestValidators = new Map<Operation, OpenAPIRequestValidator>();
  for (const exchange of exchanges) {
    const path = openApiPath(exchange.route);
    const where = `${exchange.method} ${path} → ${exchange.status}`;
    const report = (what: string) => {
      const line = `${where}: ${what}`;
      if (!seen.has(line)) mismatches.push(line);
      seen.add(line);
    };
    const operation = doc.paths?.[path]?.[exchange.method.toLowerCase() as OpenAPIV3.HttpMethods];
    if (!operation) {
      report('operation not described');
      continue;
    }
    const described = operation.responses[String(exchange.status)] as OpenAPIV3.ResponseObject | undefined;
    if (!described) {
      report(`status not described (described: ${Object.keys(operation.responses).join(', ')})`);
      continue;
    }
    const media = mediaType(exchange.contentType);
    const content = described.content ?? {};
    const emptyAnswer = exchange.body === '';
    if (emptyAnswer && Object.keys(content).length > 0)
      report(`empty answer, described with a body (${Object.keys(content).join(', ')})`);
    // A media range (`audio/*`, as OpenAPI allows) describes every type of its kind.
    const describedMedia = media in content || `${media.split('/')[0]}/*` in content;
    if (!emptyAnswer && !describedMedia)
      report(
        `answered ${media || 'no content type'}, described: ${Object.keys(content).join(', ') || 'no body'}`,
      );
    if (!emptyAnswer && media === 'application/json' && exchange.body !== null) {
      let validator = responseValidators.get(operation);
      if (!validator) {
        validator = new OpenAPIResponseValidator({
          responses: operation.responses as never,
          components: doc.components,
        });
        responseValidators.set(operation, validator);
      }
      const errors = validator.validateResponse(exchange.status, JSON.parse(exchange.body) as unknown) as
        ValidatorErrors | undefined;
      if (errors) report(`body does not match: ${describeErrors(errors)}`);
    }
    if (exchange.request) {
      let validator = requestValidators.get(operation);
      if (!validator) {
        validator = new OpenAPIRequestValidator({
          parameters: operation.parameters ?? [],
          requestBody: operation.requestBody as never,
          componentSchemas: doc.components?.schemas as never,
        });
        requestValidators.set(operation, validator);
      }
      const r = exchange.request;
      const errors = validator.validateRequest({
        headers: { 'content-type': r.contentType || 'application/json', ...r.headers },
        body: r.body,
        query: r.query,
        params: r.params,
      }) as ValidatorErrors | undefined;
      if (errors) report(`accepted request does not match: ${describeErrors(errors)}`);
    }
  }
  return mismatches;
}
