import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 8080 by default; API_PROXY_TARGET points the dev proxy elsewhere.
const target = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';
const proxy = Object.fromEntries(['/core-api', '/ops-api', '/health'].map((prefix) => [prefix, { target }]));

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages without the app around them (the server sends each for its path): the calculator and sign-in.
    rollupOptions: { input: { main: 'index.html', calculator: 'calculator.html', login: 'login.html' } },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
