import { loadEnv } from './env';
import { startServer } from './server';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const server = await startServer(env);
  console.log(`Cambio escuchando en ${server.url} (base de datos: ${server.database.kind === 'pglite' ? `PGlite en ${env.dataDir}` : 'PostgreSQL'})`);
  for (const line of server.credentials) console.log(line);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error('No se pudo iniciar el servidor:', e);
  process.exit(1);
});
