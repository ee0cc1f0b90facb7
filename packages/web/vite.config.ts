import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './precompress.ts';

// The server serves dist/ on its own port; in development `vite` proxies the game server (default port
// 3000, or STICH_SERVER): its HTTP API, the matchmaker, and the room WebSockets at /<process>/<room>?...
const server = process.env.STICH_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressPlugin()],
  // The lobby is the first script (budget 120 KB gzipped); the other screens are fetched when first shown
  // (App.tsx). Named groups (docs/web.md, Chunks): the engine once, for the replay and the fair-deal check
  // alike, and the Colyseus SDK once, for the lobby's live list and the table.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The bot levels the lobby shows come from the engine too, alone and without the games.
            {
              name: 'engine',
              test: /packages[\\/]engine[\\/]src[\\/](?!levels)/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // The account's screens and their texts in one fetch; uPlot apart, fetched when a profile draws.
            {
              name: 'account',
              test: /packages[\\/]web[\\/]src[\\/](account[\\/](?!Charts)|i18n[\\/](account|stats|friends)\.ts)/,
              priority: 1,
            },
            // The tournaments' screens and their texts in one fetch (they use the account chunk's page and API).
            {
              name: 'tournaments',
              test: /packages[\\/](web[\\/]src[\\/](tournaments[\\/]|i18n[\\/]tournaments\.ts)|tournament[\\/]src[\\/])/,
              priority: 1,
            },
            { name: 'charts', test: /node_modules[\\/]uplot[\\/]|[\\/]account[\\/]Charts/, priority: 1 },
            { name: 'colyseus', test: /node_modules[\\/](@colyseus|msgpackr|ws)[\\/]/, priority: 2 },
            { name: 'lobby', tags: ['$initial'], priority: 4 },
            // A table's screen in one fetch: what the first click in the lobby waits for (the replay uses it too).
            {
              name: 'table',
              test: /packages[\\/]web[\\/]src[\\/](TableScreen|Table|Around|Fair|Finished|Hint|Speed|Standings|Scores|DealEnd|doko|cards|model|actions|dice|hand|replayStore|table[\\/])/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/matchmake': { target: server },
      '/api': { target: server },
      '^/[\\w-]+/[\\w-]+\\?': { target: server, ws: true },
    },
  },
});
