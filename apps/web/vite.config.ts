import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';

const SERVER = 'http://localhost:3000';

/**
 * The web app. `@accueil/domain` is read from the workspace sources (no build step);
 * in development `/api` and `/socket.io` (WebSocket too) go to the server on :3000.
 * The build lands in `apps/web/dist`, which the server serves with an SPA fallback.
 */
export default defineConfig({
  plugins: [react()],
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
    // Long-lived vendor chunks, cached across releases of the app's own code.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'phone', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
