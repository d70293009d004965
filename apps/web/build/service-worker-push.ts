import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/** The file the generated service worker loads with `importScripts` (vite.config.ts). */
export const PUSH_HANDLERS_FILE = 'push-handlers.js';

const ENTRY = fileURLToPath(new URL('../src/sw/push-worker.ts', import.meta.url));

/**
 * The service worker's Web Push handlers (`src/sw/`, docs/behaviour/notifications.md, "Web
 * Push"): Workbox generates `/service-worker.js` (its precaching), which cannot hold code of
 * ours, so it `importScripts` this file. A classic worker script cannot `import`: the handlers
 * are bundled apart from the app into one self-contained, minified IIFE (with Rolldown, Vite's
 * own bundler), and emitted as `/push-handlers.js`, before Workbox reads the output.
 */
export function serviceWorkerPush(): Plugin {
  return {
    name: 'accueil:service-worker-push',
    apply: 'build',
    async generateBundle() {
      const bundle = await rolldown({ input: ENTRY, logLevel: 'warn' });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        const code = output[0]?.code;
        if (!code) return this.error('the push handlers bundled to nothing');
        this.emitFile({ type: 'asset', fileName: PUSH_HANDLERS_FILE, source: code });
      } finally {
        await bundle.close();
      }
    },
  };
}
