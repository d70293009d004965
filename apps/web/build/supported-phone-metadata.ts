import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { SUPPORTED_COUNTRIES } from '../../../packages/domain/src/constants';

const MODULE_ID = 'virtual:supported-phone-metadata';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * `import metadata from 'virtual:supported-phone-metadata'`: libphonenumber's full ("max")
 * metadata cut down to the product's supported countries, made at build time from the installed
 * libphonenumber-js, so it never goes stale. About 4 kB gzip instead of 39 kB: the inbox's list
 * formats numbers with it, and the full metadata loads only with the screens that validate
 * numbers (docs/behaviour/phone-numbers.md, "Display").
 */
export function supportedPhoneMetadata(): Plugin {
  return {
    name: 'accueil:supported-phone-metadata',
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const require = createRequire(import.meta.url);
      const full = JSON.parse(
        readFileSync(require.resolve('libphonenumber-js/metadata.max.json'), 'utf8'),
      ) as {
        country_calling_codes: Record<string, string[]>;
        countries: Record<string, unknown>;
      };
      const keep = new Set<string>(SUPPORTED_COUNTRIES);
      const countries = Object.fromEntries(Object.entries(full.countries).filter(([code]) => keep.has(code)));
      const callingCodes = Object.fromEntries(
        Object.entries(full.country_calling_codes)
          .map(([code, list]) => [code, list.filter((country) => keep.has(country))] as const)
          .filter(([, list]) => list.length > 0),
      );
      const metadata = { ...full, countries, country_calling_codes: callingCodes, nonGeographic: {} };
      return `export default ${JSON.stringify(metadata)};`;
    },
  };
}
