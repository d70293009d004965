import type { AppInstance } from '../../http/types';
import type { JsonSchema } from './schema-inputs';

/** One route of the OpenAPI description: method, path template (`/api/conversations/{id}`), input schemas. */
export type RouteSpec = {
  method: string;
  /** OpenAPI path template, `{name}` for a path parameter. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  /** The querystring as one object schema (null when the route reads none). */
  query: JsonSchema | null;
  /** The JSON body schema (null when the route reads none). */
  body: JsonSchema | null;
};

type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the app's OpenAPI description (`app.swagger()`), with its input schemas. */
export function routeCatalogue(app: AppInstance): RouteSpec[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      const pathParams = Object.fromEntries(
        params.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
      );
      const queryParams = params.filter((p) => p.in === 'query');
      const query: JsonSchema | null = queryParams.length
        ? {
            type: 'object',
            properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
            required: queryParams.filter((p) => p.required).map((p) => p.name),
          }
        : null;
      const content = op.requestBody?.content ?? {};
      const body = Object.values(content)[0]?.schema ?? null;
      routes.push({ method: method.toUpperCase(), path, pathParams, query, body });
    }
  }
  return routes;
}

/**
 * Every route Fastify has (`printRoutes` tree, read back into `METHOD /path` lines, `:param`
 * as in Fastify): the check that the OpenAPI description misses none.
 */
export function fastifyRouteList(app: AppInstance): string[] {
  const stack: { depth: number; path: string }[] = [];
  const out: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + m[2]!;
    stack.push({ depth, path });
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      out.push(`${method} ${path}`);
  }
  return out;
}

/** `/api/conversations/{id}` → `/api/conversations/:id` (Fastify's spelling). */
export const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');
