import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_SERVER = 'http://localhost:3000';

// The SPA talks to the API, the embedded identity provider, the version file and the notifications socket
// on the same origin; in development Vite forwards those to the API server.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: false },
      '/idp': { target: API_SERVER, changeOrigin: false },
      '/version.json': { target: API_SERVER, changeOrigin: false },
      // The notifications socket (socket.io, HTTP long-polling then a WebSocket upgrade).
      '/socket.io': { target: API_SERVER, changeOrigin: false, ws: true },
    },
  },
});
