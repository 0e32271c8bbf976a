import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { precompress } from './build/precompress';

const backend = process.env.MAKERDESK_BACKEND ?? 'http://127.0.0.1:8080';

/**
 * Libraries every page runs, each in a chunk of its own: they change far less often than the
 * console, so a new release leaves them in the browser's cache. Only libraries the sign-in page
 * needs whole belong here: a chunk is loaded whole, wherever one of its modules is needed.
 */
const vendorChunks: Record<string, readonly string[]> = {
  react: ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom'],
  i18n: ['i18next', 'react-i18next'],
  query: ['@tanstack/query-core', '@tanstack/react-query'],
  zod: ['zod'],
};
const chunkOfPackage = new Map(Object.entries(vendorChunks).flatMap(([chunk, packages]) => packages.map((name) => [name, chunk] as const)));

function vendorChunk(id: string): string | undefined {
  const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
  return name === undefined ? undefined : chunkOfPackage.get(name);
}

export default defineConfig({
  // The hoisted plugin is typed against the root's vite 8 while this workspace builds with vite 7;
  // the hooks it uses are the same in both, only the declared types differ.
  plugins: [react() as unknown as PluginOption, precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // ws: the live updates of /backend/ws go through the same proxy.
  server: { proxy: { '/backend': { target: backend, changeOrigin: true, ws: true } } },
  preview: { proxy: { '/backend': { target: backend, changeOrigin: true, ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    // The console, and the candle chart page it frames (no React in that one).
    rollupOptions: {
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), chart: fileURLToPath(new URL('./chart.html', import.meta.url)) },
      output: { manualChunks: vendorChunk },
    },
  },
});
