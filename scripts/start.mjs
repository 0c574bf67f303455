// npm start: build the web client when it is missing or older than its sources, then run the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './serverNodeFlags.mjs';

const BUILT = 'dist/client/index.html';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale = !existsSync(BUILT) || Math.max(newestMtime('src/client'), newestMtime('src/shared')) > statSync(BUILT).mtimeMs;
if (stale) {
  console.log('Compilando el cliente web…');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
