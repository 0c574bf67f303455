/**
 * A server process for the benchmark, so the load generator never shares its event loop:
 * `tsx bench/server.ts app` runs the real server (startServer, generous rate limits),
 * `tsx bench/server.ts bare` a bare Express handler. Prints `READY <port>`; SIGTERM stops it cleanly.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { loadEnv } from '../src/server/env';
import { startServer } from '../src/server/server';

async function main() {
  if (process.argv[2] === 'bare') {
    const bare = express();
    bare.get('/ping', (_req, res) => {
      res.json({ ok: true });
    });
    const s = bare.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${(s.address() as AddressInfo).port}\n`));
    process.on('SIGTERM', () => s.close(() => process.exit(0)));
    return;
  }
  const generous = { points: 1e9, durationSec: 60 };
  const server = await startServer(loadEnv(), {
    rateLimits: { loginPerAccount: generous, loginPerIp: generous, verifyPerAccount: generous, verifyPerIp: generous },
    clientDir: resolve('dist/client'),
  });
  process.stdout.write(`READY ${server.port}\n`);
  process.on('SIGTERM', () => {
    server
      .close()
      .then(() => process.exit(0))
      .catch((e) => {
        console.error(e);
        process.exit(1);
      });
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
