import type { Db } from '../../db';
import { intervalJob, type Job } from '../../lib/jobs';
import type { Logger } from '../../lib/logger';
import { expirarVencidas } from './transacciones.repository';

/**
 * Marks every overdue transaction expirada, batch after batch; resolves with how many. Safe with
 * several server processes: each pass skips rows another process is updating (expirarVencidas).
 */
export async function expirarTodas(db: Db): Promise<number> {
  let total = 0;
  for (let n = await expirarVencidas(db); n > 0; n = await expirarVencidas(db)) total += n;
  return total;
}

/** The sweep as a background job, at start and every `intervalMs`. Reads never depend on it: they present an overdue row as expirada anyway. */
export const expiryJob = (db: Db, intervalMs: number, log: Logger): Job =>
  intervalJob('expiracion-transacciones', intervalMs, async () => void (await expirarTodas(db)), log);
