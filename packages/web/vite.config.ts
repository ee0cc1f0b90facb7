import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './precompress.ts';

// The server serves dist/ on its own port; in development `vite` proxies the game server (default port
// 3000, or STICH_SERVER): its HTTP API, the matchmaker, and the room WebSockets at /<process>/<room>?...
const server = process.env.STICH_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressPlugin()],
  // One chunk: everything is needed for the first screen. The budget is 250 KB gzipped (docs/web.md).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/matchmake': { target: server },
      '/api': { target: server },
      '^/[\\w-]+/[\\w-]+\\?': { target: server, ws: true },
    },
  },
});
