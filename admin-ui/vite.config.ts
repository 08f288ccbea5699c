import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://localhost:${process.env.API_PORT || 3000}`;

/**
 * The console, served at /admin by the API. react-admin and its MUI/TanStack companions
 * get their own long-lived chunks; resource screens are lazy.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // The lockfile nests an older @tiptap/core under ra-input-rich-text beside newer
    // extensions that need the newer core: use the one hoisted copy.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
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
            // react-admin with MUI, TanStack Query, react-hook-form, polyglot: the console's core.
            {
              name: 'vendor-react-admin',
              test: /node_modules[\\/](react-admin|ra-core|ra-ui-materialui|ra-i18n-polyglot|ra-language-[\w-]+)[\\/]/,
              priority: 4,
            },
            // The rich-text editor (tiptap/ProseMirror) is needed only by forms that use it.
            { name: 'vendor-rich-text', test: /node_modules[\\/](ra-input-rich-text|@tiptap|prosemirror-[\w-]+)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
});
