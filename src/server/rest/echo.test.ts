import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonEqual, keysNotTaken, splitEcho, without } from './echo';

describe('jsonEqual', () => {
  it('compares JSON values strictly: objects by key in any order, arrays in order, no coercion', () => {
    expect(jsonEqual({ a: 1, b: { c: ['x', null] } }, { b: { c: ['x', null] }, a: 1 })).toBe(true);
    expect(jsonEqual(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(jsonEqual('5', 5)).toBe(false);
    expect(jsonEqual('5', '5.001')).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual({ a: undefined }, {})).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
  });

  it('takes a UUID in another letter case and a decimal at another scale as the same text', () => {
    expect(jsonEqual('91FC8336-0C2E-4F5B-9D7A-1B2C3D4E5F60', '91fc8336-0c2e-4f5b-9d7a-1b2c3d4e5f60')).toBe(true);
    expect(jsonEqual('91fc8336-0c2e-4f5b-9d7a-1b2c3d4e5f61', '91fc8336-0c2e-4f5b-9d7a-1b2c3d4e5f60')).toBe(false);
    expect(jsonEqual({ tasa: '7250.00' }, { tasa: '7250.0000' })).toBe(true);
    expect(jsonEqual('5', '5.00')).toBe(true);
    expect(jsonEqual('7250.01', '7250.0000')).toBe(false);
    // Digits without a decimal point are codes and documents: compared as written.
    expect(jsonEqual('0123', '123')).toBe(false);
    expect(jsonEqual('ABC', 'abc')).toBe(false);
  });
});

describe('keysNotTaken', () => {
  const write = z.strictObject({ id: z.number(), nombre: z.string().min(2) });
  it('names the top-level keys a strict write refuses, whatever else is wrong', async () => {
    expect(await keysNotTaken(write, { id: 1, nombre: 'x', idCliente: 'a', activo: true })).toEqual(['idCliente', 'activo']);
    expect(await keysNotTaken(write, { id: 1, nombre: 'Ana' })).toEqual([]);
    expect(await keysNotTaken(write, 'texto')).toEqual([]);
    expect(await keysNotTaken(undefined, { a: 1 })).toEqual([]);
  });
});

describe('splitEcho', () => {
  const current = { id: 7, is_superuser: false, categoria: { nombre: 'ORO', descuento: '5.00' }, at: new Date('2026-01-01T00:00:00Z') };
  it('drops what equals the record as JSON, refuses what differs, leaves what the record lacks', () => {
    const body = { is_superuser: false, categoria: { descuento: '5.00', nombre: 'ORO' }, at: '2026-01-01T00:00:00.000Z', extra: 1 };
    expect(splitEcho(['is_superuser', 'categoria', 'at', 'extra'], body, current)).toEqual({ drop: ['is_superuser', 'categoria', 'at'], readOnly: [] });
    const changed = { is_superuser: true, categoria: { nombre: 'ORO', descuento: '5.5' } };
    expect(splitEcho(['is_superuser', 'categoria'], changed, current)).toEqual({ drop: [], readOnly: ['is_superuser', 'categoria'] });
    expect(splitEcho(['constructor'], JSON.parse('{"constructor": 1}'), current)).toEqual({ drop: [], readOnly: [] });
    expect(splitEcho(['a'], { a: 1 }, undefined)).toEqual({ drop: [], readOnly: [] });
  });

  it('without removes only the named keys', () => {
    expect(without({ a: 1, b: 2, c: 3 }, ['b'])).toEqual({ a: 1, c: 3 });
  });
});
