import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { endpointRoutesOnly } from './build/endpoint-routes-only';
import { precompiledMessages } from './build/precompiled-messages';
import { PUSH_HANDLERS_FILE, serviceWorkerPush } from './build/service-worker-push';
import { supportedPhoneMetadata } from './build/supported-phone-metadata';

const SERVER = 'http://localhost:3000';

/**
 * The web app. `@accueil/domain` is read from the workspace sources (no build step);
 * in development `/api` and `/socket.io` (WebSocket too) go to the server on :3000.
 * The build lands in `apps/web/dist`, which the server serves with an SPA fallback.
 */
export default defineConfig({
  // Each built file also as .br and .gz, which the server sends to browsers that accept them.
  plugins: [
    react(),
    supportedPhoneMetadata(),
    endpointRoutesOnly(),
    precompiledMessages(),
    serviceWorkerPush(),
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/] }),
    // The service worker (docs/behaviour/web-app.md, "Updates"): `/service-worker.js`, generated
    // by Workbox at build time. It precaches the built app shell (the page, scripts, styles,
    // pictures and the texts' catalogues) so a release is installed in the background and taken
    // at once when the user accepts the reload; nothing else goes through it. Registered by the
    // app itself (`features/app-updates/`), lazily, never in development. It also loads the Web
    // Push handlers (`/push-handlers.js`, `build/service-worker-push.ts`).
    VitePWA({
      strategies: 'generateSW',
      filename: 'service-worker.js',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      workbox: {
        // Hashed build files and the page; never source maps, the precompressed copies (the
        // server picks them per request) or the build's manifest.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,json}'],
        // The push handlers are the worker's own code, kept with it by `importScripts`.
        globIgnores: ['**/*.map', '**/.vite/**', '**/*.br', '**/*.gz', PUSH_HANDLERS_FILE],
        importScripts: [PUSH_HANDLERS_FILE],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Vite already names the assets with their content hash.
        dontCacheBustURLsMatching: /^assets\//,
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        // App pages are answered with the precached page; the server's paths and the public
        // pages (`/p/…`, read by people outside the organisation) always go to the network.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/socket\.io/, /^\/p\//, /^\/service-worker\.js$/],
        // Nothing is cached at run time: API answers, realtime and anything with a session
        // stay with the network (no runtimeCaching rule).
        runtimeCaching: [],
      },
    }),
  ],
  // Mantine's PostCSS preset (light-dark, rem/em, mixins in CSS modules). Inline rather than a
  // postcss.config.cjs, which the type-aware lint cannot parse.
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  resolve: {
    alias: {
      '@accueil/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: SERVER, changeOrigin: true },
      '/socket.io': { target: SERVER, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each page loads, read by the size budget (scripts/web-size-budget).
    manifest: true,
    // React and the router serve every page and change rarely: one long-lived chunk. The other
    // groups keep large libraries the login page does not need (positioning, zod, the socket
    // client, phone-number metadata) in chunks of their own rather than in a chunk it loads.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'floating', test: /node_modules[\\/]@floating-ui[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            {
              name: 'socket',
              test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/,
            },
            // The library's code, and apart its full metadata with the entry that binds it (`max/`):
            // those load with the screens that validate numbers, not with the inbox's list, which
            // only formats them with the supported countries' metadata.
            { name: 'phone', test: /node_modules[\\/]libphonenumber-js[\\/](?!metadata\.|max[\\/])/ },
            { name: 'phone-metadata', test: /node_modules[\\/]libphonenumber-js[\\/](metadata\.|max[\\/])/ },
          ],
        },
      },
    },
  },
});
