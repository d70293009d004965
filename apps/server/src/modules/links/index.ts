// The links module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { createShortLink } from './create-short-link';
