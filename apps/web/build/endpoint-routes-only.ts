import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The properties of an `endpoint({…})` declaration the production web app never reads. */
const SCHEMA_KEYS = new Set(['params', 'query', 'headers', 'body']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * Production builds of the web app keep of each shared endpoint only what the client calls it by:
 * its method, path and success status codes. The request schemas (`params`, `query`, `headers`,
 * `body`) become `undefined`, each response schema too (its status key stays, so the client still
 * knows a 204), and the summary an empty string.
 *
 * Why: the browser only checks answers against their schemas in development (see
 * `src/lib/answer-check.ts`); in production the schemas were dead weight that pulled zod and every
 * contract into the inbox's first load. The server, the tests and `vite dev` keep the tables whole.
 *
 * Applies to `packages/domain/src/endpoints/*.ts` (not `endpoint.ts`, the helper), after
 * TypeScript is stripped, by rewriting the first argument of each `endpoint(...)` call.
 */
export function endpointRoutesOnly(): Plugin {
  return {
    name: 'accueil:endpoint-routes-only',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/packages[\\/]domain[\\/]src[\\/].+\.ts$/.test(id)) return undefined;
      const ast = this.parse(code) as unknown as Node;
      const out = new MagicString(code);
      let changed = markSchemasPure(ast, out);
      if (
        !/packages[\\/]domain[\\/]src[\\/]endpoints[\\/](?!endpoint\.ts$|index\.ts$)[^\\/]+\.ts$/.test(id)
      ) {
        return changed ? { code: out.toString(), map: out.generateMap({ hires: true }) } : undefined;
      }
      walk(ast, (node) => {
        if (node.type !== 'CallExpression') return;
        const callee = node.callee as Node;
        const [definition] = node.arguments as Node[];
        if (
          callee.type !== 'Identifier' ||
          callee.name !== 'endpoint' ||
          definition?.type !== 'ObjectExpression'
        )
          return;
        for (const property of definition.properties as Node[]) {
          if (property.type !== 'Property') continue;
          const key = keyName(property.key as Node);
          const value = property.value as Node;
          if (key !== undefined && SCHEMA_KEYS.has(key)) {
            // A shorthand `{ params }` shares its range with its key: rewrite the whole property.
            if (property.shorthand === true) out.overwrite(property.start, property.end, `${key}: void 0`);
            else out.overwrite(value.start, value.end, 'void 0');
            changed = true;
          } else if (key === 'summary') {
            out.overwrite(value.start, value.end, '""');
            changed = true;
          } else if (key === 'responses' && value.type === 'ObjectExpression') {
            for (const status of value.properties as Node[]) {
              if (status.type !== 'Property') continue;
              const schema = status.value as Node;
              out.overwrite(schema.start, schema.end, 'void 0');
              changed = true;
            }
          }
        }
      });
      return changed ? { code: out.toString(), map: out.generateMap({ hires: true }) } : undefined;
    },
  };
}

/**
 * Wraps each top-level `const x = <call>` of a domain module in a pure IIFE, so the bundler may drop
 * a schema (or table) the web app never reads: zod's builders are not marked free of side
 * effects, and without this every schema of every module the app touches stayed in its chunks.
 * The domain's module-level calls build values and nothing else (lint: no side effects at load).
 */
function markSchemasPure(ast: Node, out: MagicString): boolean {
  let changed = false;
  for (const statement of ast.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (!declaration || declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || (init.type !== 'CallExpression' && init.type !== 'MemberExpression')) continue;
      out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
      out.prependRight(init.end, '))()');
      changed = true;
    }
  }
  return changed;
}

function keyName(key: Node): string | undefined {
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/** Visits every node of an ESTree tree, parents first. */
function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  visit(node as Node);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type' && child && typeof child === 'object') walk(child, visit);
  }
}
