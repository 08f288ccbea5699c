import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const api = `http://localhost:${process.env.API_PORT || 3000}`;

/** A language's catalog files and the console's loader of them (src/providers/messages/<language>.ts). */
const CATALOG =
  /(?:libs[\\/]domain[\\/]src[\\/]i18n[\\/](\w+)[\\/][\w-]+\.json|admin-ui[\\/]src[\\/]providers[\\/]messages[\\/](\w+)\.ts)$/;

/**
 * The console, served at /admin by the API. The first load is React, the libraries the shell
 * and home screen use, and the Italian catalogs; resource screens, the rich-text editor, the
 * survey designer, the charts and the other languages are lazy chunks. `npm run bench -- bundles`
 * measures it.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // The lockfile nests an older @tiptap/core under ra-input-rich-text beside newer
    // extensions that need the newer core: use the one hoisted copy.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
    alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
  },
  server: {
    proxy: { '/api': api, '/oidc': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group also takes what its modules import (safe execution order for CommonJS
          // packages), so the order of priorities decides where shared libraries land.
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 5,
            },
            // One chunk per language (Italian is in the first load, the others are fetched when chosen).
            {
              debugName: 'i18n',
              name: (id: string) => {
                const m = CATALOG.exec(id)!;
                return `i18n-${m[1] ?? m[2]}`;
              },
              test: CATALOG,
              priority: 4,
            },
            // The libraries the first screen imports (react-admin, MUI, TanStack Query, ...) in one
            // long-lived chunk; what only lazy screens use stays with them. (Matching packages by
            // name would also pull in every part of them any screen uses.)
            { name: 'vendor-react-admin', test: /node_modules[\\/]/, tags: ['$initial'], priority: 3 },
          ],
        },
      },
    },
  },
});
