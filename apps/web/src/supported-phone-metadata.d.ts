declare module 'virtual:supported-phone-metadata' {
  import type { MetadataJson } from 'libphonenumber-js/core';
  /** libphonenumber's max metadata for the supported countries only (build/supported-phone-metadata.ts). */
  const metadata: MetadataJson;
  export default metadata;
}
