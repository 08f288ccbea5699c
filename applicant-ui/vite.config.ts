import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://localhost:${process.env.API_PORT || 3000}`;

/**
 * Applicant app: served at `/` by the API. Only what the first screen needs is loaded
 * eagerly (React, the router, TanStack Query, i18n, MUI pieces of the shell); every other
 * screen is a lazy route. Budget: the landing page's first-load JS under 250 KB gzipped.
 */
export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    proxy: { '/api': api, '/oidc': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Libraries every screen needs, in long-lived cacheable chunks.
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            { name: 'vendor-query', test: /node_modules[\\/](@tanstack|openapi-fetch)[\\/]/, priority: 2 },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 2 },
            { name: 'vendor-emotion', test: /node_modules[\\/](@emotion|stylis|hoist-non-react-statics)[\\/]/, priority: 2 },
            // One chunk per language's catalogs (Italian is loaded first, the others when chosen).
            {
              name: (id: string) => `i18n-${/[\\/]i18n[\\/](\w+)[\\/][\w-]+\.json$/.exec(id)![1]}`,
              test: /libs[\\/]domain[\\/]src[\\/]i18n[\\/]\w+[\\/][\w-]+\.json$/,
              priority: 2,
            },
            // MUI modules the first screen imports; those of lazy screens stay with them.
            {
              name: 'vendor-mui',
              test: /node_modules[\\/](@mui|@popperjs|react-transition-group|@babel[\\/]runtime|react-is|prop-types|clsx)[\\/]/,
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
