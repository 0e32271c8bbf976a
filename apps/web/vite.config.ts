import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { precompress } from './build/precompress';

const backend = process.env.MAKERDESK_BACKEND ?? 'http://127.0.0.1:8080';

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
    rollupOptions: { input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), chart: fileURLToPath(new URL('./chart.html', import.meta.url)) } },
  },
});
