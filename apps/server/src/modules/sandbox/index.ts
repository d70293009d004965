// The sandbox module's public parts: the app builds the sandbox vendors' stores from here
// (eslint.config.js). This file re-exports; it implements nothing.
export { sandboxStores } from './sandbox-stores';
