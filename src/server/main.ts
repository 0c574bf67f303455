import { loadEnv } from './env';
import { startServer } from './server';
import { createLogger } from './lib/logger';
import { errInfo } from './lib/requestLog';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const log = createLogger(env.logLevel);
  let server;
  try {
    server = await startServer(env, { log });
  } catch (e) {
    log.fatal({ err: errInfo(e) }, 'No se pudo iniciar el servidor');
    process.exit(1);
  }
  log.info(
    { url: server.url, database: server.database.kind === 'pglite' ? `PGlite en ${env.dataDir}` : 'PostgreSQL' },
    `Cambio escuchando en ${server.url}`,
  );
  // The first-start credentials are for the operator's eyes on the console, not for the log stream.
  for (const line of server.credentials) process.stderr.write(`${line}\n`);

  const running = server;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'apagando: se terminan las solicitudes en curso');
    running
      .close()
      .then(() => {
        log.info('servidor detenido');
        process.exit(0);
      })
      .catch((e) => {
        log.error({ err: errInfo(e) }, 'error al apagar');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
