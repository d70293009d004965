// Stryker ignore-plugins (`ignorers` in the configurations; docs/mutation-testing.md, "Ignored
// by the configuration"): code patterns whose mutants change nothing any client or test may
// observe, ignored by rule here instead of by a `// Stryker disable` comment at each place.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/**
 * The developer text of an `AppError`: the second argument of `new AppError(code, message, …)`
 * when it is a string or template literal. Clients and tests read the closed error code (and
 * the details, the third argument, which stays mutated); the text is for developers only.
 * @param {import('@babel/core').NodePath} path
 * @returns {string | undefined} the reason shown in the report, or undefined to mutate
 */
function appErrorDeveloperText(path) {
  if (!path.isStringLiteral() && !path.isTemplateLiteral()) return undefined;
  const parent = path.parentPath;
  if (!parent?.isNewExpression() || path.listKey !== 'arguments' || path.key !== 1) return undefined;
  const callee = parent.node.callee;
  if (callee.type !== 'Identifier' || callee.name !== 'AppError') return undefined;
  return "An AppError's developer text: clients and tests read the code and the details";
}

/**
 * A debug log line (`….log.debug(…)`, `log.debug(…)`): silent at the default level, no behaviour.
 * The warn and error lines stay mutated (tests read some through `test/log-capture.ts`).
 * @param {import('@babel/core').NodePath} path
 * @returns {string | undefined}
 */
function debugLogLine(path) {
  // The statement too: the mutant that removes the whole statement sits on it, not on the call.
  const call = path.isExpressionStatement() ? path.node.expression : path.node;
  if (call.type !== 'CallExpression') return undefined;
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return undefined;
  if (callee.property.name !== 'debug') return undefined;
  const target = callee.object;
  const isLog =
    (target.type === 'Identifier' && target.name === 'log') ||
    (target.type === 'MemberExpression' &&
      target.property.type === 'Identifier' &&
      target.property.name === 'log');
  return isLog ? 'A debug log line for developers (silent at the default level): no behaviour' : undefined;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'AppErrorDeveloperText', { shouldIgnore: appErrorDeveloperText }),
  declareValuePlugin(PluginKind.Ignore, 'DebugLogLine', { shouldIgnore: debugLogLine }),
];
