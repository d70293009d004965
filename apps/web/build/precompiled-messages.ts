import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** A catalogue file's texts, flat (`namespace.key` → ICU message), as `buildCatalogues` merges them. */
function flatten(value: unknown, prefix: string, into: Record<string, string>): void {
  if (typeof value === 'string') {
    into[prefix] = value;
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
}

/**
 * Production builds ship the catalogues (`src/locales/<locale>/<namespace>.json`) already parsed:
 * each ICU message becomes the syntax tree react-intl formats, and the browser's ICU parser
 * (`@formatjs/icu-messageformat-parser` with its skeleton parser, ≈ 9 kB gzip of the first load)
 * is replaced by its `no-parser` entry, as formatjs documents for precompiled messages.
 *
 * A message that does not parse fails the build (the same error the browser would log). Tests and
 * `vite dev` keep the texts as written. Nothing else may hand react-intl a message string in
 * production: the app only formats catalogue ids (no `defaultMessage`).
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'accueil:precompiled-messages',
    apply: 'build',
    // Before Vite's JSON plugin, which then turns the rewritten JSON into a module as usual.
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    transform(code, id) {
      if (!/[\\/]src[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/.test(id)) return undefined;
      const flat: Record<string, string> = {};
      flatten(JSON.parse(code), '', flat);
      const compiled: Record<string, MessageFormatElement[]> = {};
      for (const [key, message] of Object.entries(flat)) {
        try {
          compiled[key] = parse(message);
        } catch (error) {
          this.error(`${id}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
