import type { Db } from '../../db';
import { insertarTransacciones, type OperacionAInsertar, type TransaccionRow } from './transacciones.repository';

/** At most this many operations in one statement. */
const MAX_LOTE = 32;
/** At most this many statements in flight per database; operations that arrive meanwhile wait and go together. */
const EN_VUELO = 2;

interface Pendiente {
  op: OperacionAInsertar;
  ok: (row: TransaccionRow | undefined) => void;
  fail: (e: unknown) => void;
}

/**
 * An error after which the statement certainly wrote nothing, so each operation can be tried on its
 * own: PostgreSQL answered an error for the statement (its own transaction is then rolled back), such
 * as refused data, a deadlock or serialization failure, a lock or statement timeout. Not so for a lost
 * connection (no SQLSTATE) or the classes that end the session (08 connection, 53 resources, 57
 * operator intervention but a cancelled statement, 58 system, XX internal): the outcome may have come
 * after the commit, so the error goes back to every caller, as for an operation stored alone, and
 * nothing is written again.
 */
const sinEscribir = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && (code === '57014' || !/^(08|53|57|58|XX)/.test(code)) && code !== '40003';
};

/**
 * Operations stored outside a transaction go through here: each goes at once when fewer than
 * `EN_VUELO` statements are running, and those that arrive while they run go together in the next
 * one (up to `MAX_LOTE`). No timer: alone, an operation waits for nothing; under load, one statement,
 * one commit and one round trip serve many, and their foreign-key checks lock the shared rows
 * (currencies, method, Tauser) once. Each operation keeps its own outcome: its row, or undefined when
 * its guard refused it (transacciones.repository, insertarTransacciones); a statement that fails on
 * one operation's data is retried one operation at a time.
 */
export class Lotes {
  private readonly cola: Pendiente[] = [];
  private enVuelo = 0;

  constructor(private readonly insertarTodas: (ops: readonly OperacionAInsertar[]) => Promise<Array<TransaccionRow | undefined>>) {}

  insertar(op: OperacionAInsertar): Promise<TransaccionRow | undefined> {
    return new Promise((ok, fail) => {
      this.cola.push({ op, ok, fail });
      this.siguiente();
    });
  }

  private siguiente() {
    while (this.enVuelo < EN_VUELO && this.cola.length > 0) {
      const lote = this.tomar();
      this.enVuelo++;
      void this.escribir(lote).finally(() => {
        this.enVuelo--;
        this.siguiente();
      });
    }
  }

  /** The next operations, oldest first, with distinct codes (one with a code already taken waits for the next statement). */
  private tomar(): Pendiente[] {
    const lote: Pendiente[] = [];
    const codigos = new Set<string>();
    for (let i = 0; i < this.cola.length && lote.length < MAX_LOTE; ) {
      const p = this.cola[i]!;
      if (codigos.has(p.op.codigo)) {
        i++;
        continue;
      }
      codigos.add(p.op.codigo);
      lote.push(p);
      this.cola.splice(i, 1);
    }
    return lote;
  }

  private async escribir(lote: Pendiente[]) {
    try {
      const rows = await this.insertarTodas(lote.map((p) => p.op));
      lote.forEach((p, i) => p.ok(rows[i]));
    } catch (e) {
      if (lote.length === 1 || !sinEscribir(e)) {
        for (const p of lote) p.fail(e);
        return;
      }
      for (const p of lote) {
        await this.insertarTodas([p.op]).then(([row]) => p.ok(row), p.fail);
      }
    }
  }
}

const porDb = new WeakMap<Db, Lotes>();

/** Stores one operation outside a transaction, together with those that arrive at the same time (see Lotes). */
export function insertarEnLote(db: Db, op: OperacionAInsertar): Promise<TransaccionRow | undefined> {
  let lotes = porDb.get(db);
  if (!lotes) porDb.set(db, (lotes = new Lotes((ops) => insertarTransacciones(db, ops))));
  return lotes.insertar(op);
}
