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
 * What checking one document yields whatever the exchanges: its own verdict (a mismatch line, or
 * null when it is valid OpenAPI) and the validators compiled from its operations, by
 * `METHOD /path`.
 */
type DocumentChecks = {
  documentMismatch: string | null;
  responseValidators: Map<string, OpenAPIResponseValidator>;
  requestValidators: Map<string, OpenAPIRequestValidator>;
};

/**
 * Documents already checked in this process, by their JSON text. Every test file's app serves the
 * same description, and validating it against the OpenAPI schema took about 0.25 s of CPU each
 * time (docs/architecture.md, "CI and its time budgets"); a test worker runs many files (the
 * server project does not isolate them). Bounded: a few configurations differ (carriers).
 */
const checkedDocuments = new Map<string, Promise<DocumentChecks>>();
const CHECKED_DOCUMENTS_KEPT = 4;

function documentChecks(document: Record<string, unknown>): Promise<DocumentChecks> {
  const text = JSON.stringify(document);
  let checks = checkedDocuments.get(text);
  if (!checks) {
    checks = new Validator().validate(document).then((verdict) => ({
      documentMismatch: verdict.valid
        ? null
        : `the document is not valid OpenAPI: ${JSON.stringify(verdict.errors).slice(0, 2000)}`,
      responseValidators: new Map(),
      requestValidators: new Map(),
    }));
    checkedDocuments.set(text, checks);
    const oldest = checkedDocuments.keys().next().value;
    if (checkedDocuments.size > CHECKED_DOCUMENTS_KEPT && oldest !== undefined)
      checkedDocuments.delete(oldest);
  }
  return checks;
}

/**
 * Checks `exchanges` against the OpenAPI `document` with validators written elsewhere:
 * the document itself must be valid OpenAPI (@seriousme/openapi-schema-validator); each answer's
 * status must be described for its operation and its body must match the schema of that status
 * (openapi-response-validator); its media type must be one the status describes (none for an
 * empty answer); and each accepted (2xx) request must match the operation's parameters and body
 * (openapi-request-validator). The document's own check and the validators are computed once
 * per document text in a process (`documentChecks`).
 * @returns one line per mismatch, e.g. `DELETE /api/conversations/{id} → 204: …` (empty when all hold).
 */
export async function checkExchangesAgainstOpenApi(
  document: Record<string, unknown>,
  exchanges: Exchange[],
): Promise<string[]> {
  const mismatches: string[] = [];
  const { documentMismatch, responseValidators, requestValidators } = await documentChecks(document);
  if (documentMismatch) mismatches.push(documentMismatch);
  const doc = document as unknown as OpenAPIV3.Document;
  const seen = new Set<string>();
  for (const exchange of exchanges) {
    const path = openApiPath(exchange.route);
    const where = `${exchange.method} ${path} → ${exchange.status}`;
    const report = (what: string) => {
      const line = `${where}: ${what}`;
      if (!seen.has(line)) mismatches.push(line);
      seen.add(line);
    };
    const operationKey = `${exchange.method} ${path}`;
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
      let validator = responseValidators.get(operationKey);
      if (!validator) {
        validator = new OpenAPIResponseValidator({
          responses: operation.responses as never,
          components: doc.components,
        });
        responseValidators.set(operationKey, validator);
      }
      const errors = validator.validateResponse(exchange.status, JSON.parse(exchange.body) as unknown) as
        ValidatorErrors | undefined;
      if (errors) report(`body does not match: ${describeErrors(errors)}`);
    }
    if (exchange.request) {
      let validator = requestValidators.get(operationKey);
      if (!validator) {
        validator = new OpenAPIRequestValidator({
          parameters: operation.parameters ?? [],
          requestBody: operation.requestBody as never,
          componentSchemas: doc.components?.schemas as never,
        });
        requestValidators.set(operationKey, validator);
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
