import { defineConfig, type Plugin } from 'vite';
import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Flags (country-flag-icons, 3:2) served as `/banderas/<code>.svg`: the page builds the address from
 * the code, so it carries no map of ~270 hashed file names (4.5 kB of the first page's budget).
 */
function banderas(): Plugin {
  const dir = here('./node_modules/country-flag-icons/3x2');
  return {
    name: 'banderas',
    configureServer(server) {
      server.middlewares.use('/banderas', (req, res, next) => {
        const m = /^\/([A-Z]{2})\.svg$/.exec(req.url ?? '');
        if (!m || !readdirSync(dir).includes(`${m[1]}.svg`)) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(readFileSync(`${dir}/${m[1]}.svg`));
      });
    },
    generateBundle() {
      for (const f of readdirSync(dir).filter((n) => /^[A-Z]{2}\.svg$/.test(n))) {
        this.emitFile({ type: 'asset', fileName: `banderas/${f}`, source: readFileSync(`${dir}/${f}`) });
      }
    },
  };
}

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
    banderas(),
  ],
  build: { outDir: here('./dist/client'), emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/trpc': 'http://localhost:3000' },
  },
});
