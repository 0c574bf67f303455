import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/client/routes'),
      generatedRouteTree: here('./src/client/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
  ],
  build: { outDir: here('./dist/client'), emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/trpc': 'http://localhost:3000' },
  },
});
