import { describe, expect, it } from 'vitest';
import { Lotes } from './lotes';
import type { OperacionAInsertar, TransaccionRow } from './transacciones.repository';

const op = (codigo: string) => ({ codigo }) as unknown as OperacionAInsertar;
const row = (o: OperacionAInsertar) => ({ codigo: o.codigo }) as unknown as TransaccionRow;

/** A stand-in for the database: records each statement's codes and answers when told to. */
function fakeDb() {
  const statements: string[][] = [];
  const waiting: Array<() => void> = [];
  let fail: ((codes: string[]) => unknown) | undefined;
  const insertar = (ops: readonly OperacionAInsertar[]) => {
    const codes = ops.map((o) => o.codigo);
    statements.push(codes);
    return new Promise<Array<TransaccionRow | undefined>>((ok, ko) => {
      waiting.push(() => {
        const e = fail?.(codes);
        if (e) ko(e);
        else ok(ops.map((o) => (o.codigo.startsWith('refused') ? undefined : row(o))));
      });
    });
  };
  const answerAll = async () => {
    while (waiting.length) {
      waiting.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { statements, insertar, answerAll, failWith: (f: (codes: string[]) => unknown) => (fail = f) };
}

const dataError = Object.assign(new Error('violates check constraint'), { code: '23514' });
const lostConnection = new Error('Connection terminated unexpectedly');

describe('Lotes: operations stored at the same moment', () => {
  it('go at once while fewer than two statements run; those arriving meanwhile go together, each with its own answer', async () => {
    const db = fakeDb();
    const lotes = new Lotes(db.insertar);
    const answers = ['a', 'b', 'c', 'd', 'refused-e', 'f'].map((c) => lotes.insertar(op(c)));
    expect(db.statements).toEqual([['a'], ['b']]);
    await db.answerAll();
    expect(db.statements).toEqual([['a'], ['b'], ['c', 'd', 'refused-e', 'f']]);
    expect(await Promise.all(answers)).toEqual([row(op('a')), row(op('b')), row(op('c')), row(op('d')), undefined, row(op('f'))]);
  });

  it('never put two operations with one code in the same statement', async () => {
    const db = fakeDb();
    const lotes = new Lotes(db.insertar);
    const answers = ['a', 'b', 'x', 'x', 'y'].map((c) => lotes.insertar(op(c)));
    await db.answerAll();
    await Promise.all(answers);
    expect(db.statements).toEqual([['a'], ['b'], ['x', 'y'], ['x']]);
  });

  it('a statement refused for its data is retried one operation at a time: only the faulty one fails', async () => {
    const db = fakeDb();
    const lotes = new Lotes(db.insertar);
    db.failWith((codes) => (codes.includes('bad') ? dataError : undefined));
    const answers = ['a', 'b', 'c', 'bad', 'd'].map((c) => lotes.insertar(op(c)).then((r) => r?.codigo, (e: Error) => e.message));
    await db.answerAll();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', dataError.message, 'd']);
    expect(db.statements).toEqual([['a'], ['b'], ['c', 'bad', 'd'], ['c'], ['bad'], ['d']]);
  });

  it('a deadlock or a statement timeout also wrote nothing: each operation is tried alone', async () => {
    for (const code of ['40P01', '57014', '55P03']) {
      const db = fakeDb();
      const lotes = new Lotes(db.insertar);
      db.failWith((codes) => (codes.length > 1 ? Object.assign(new Error(code), { code }) : undefined));
      const answers = ['a', 'b', 'c', 'd'].map((c) => lotes.insertar(op(c)).then((r) => r?.codigo));
      await db.answerAll();
      expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
      expect(db.statements).toEqual([['a'], ['b'], ['c', 'd'], ['c'], ['d']]);
    }
  });

  it('after an error that may have come after the commit, nothing is written again: every operation of the statement fails', async () => {
    const db = fakeDb();
    const lotes = new Lotes(db.insertar);
    const answers = ['a', 'b', 'c', 'd'].map((c) => lotes.insertar(op(c)).then((r) => r?.codigo, (e: Error) => e.message));
    db.failWith((codes) => (codes.length > 1 ? lostConnection : undefined));
    await db.answerAll();
    expect(await Promise.all(answers)).toEqual(['a', 'b', lostConnection.message, lostConnection.message]);
    expect(db.statements).toEqual([['a'], ['b'], ['c', 'd']]);
  });

  it('so does a session ended by the server (admin shutdown), whatever its class', async () => {
    const db = fakeDb();
    const lotes = new Lotes(db.insertar);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    db.failWith((codes) => (codes.length > 1 ? shutdown : undefined));
    const answers = ['a', 'b', 'c', 'd'].map((c) => lotes.insertar(op(c)).then((r) => r?.codigo, (e: Error) => e.message));
    await db.answerAll();
    expect(await Promise.all(answers)).toEqual(['a', 'b', shutdown.message, shutdown.message]);
    expect(db.statements).toEqual([['a'], ['b'], ['c', 'd']]);
  });
});
