import { describe, expect, it } from 'vitest';
import { ESTADO_INICIAL, aSearch, desdeSearch, validarOperacionSearch, validarSimulacionSearch } from './wizardSearch';

describe('the operation wizard in the URL', () => {
  it('round-trips a state', () => {
    const e = {
      paso: 4, par: { origen: 2 as const, destino: 1 as const }, monto: '1.000,50', metodo: { tipo: 'instancia' as const, id: 7, metodoId: 3 },
      tauser: '0f8fad5b-d9cb-469f-a165-70867728950e', tx: 42,
    };
    expect(desdeSearch(validarOperacionSearch(JSON.parse(JSON.stringify(aSearch(e)))))).toEqual(e);
    expect(desdeSearch(validarOperacionSearch({}))).toEqual(ESTADO_INICIAL);
    expect(desdeSearch(validarOperacionSearch({ metodo: 'g5' })).metodo).toEqual({ tipo: 'generico', metodoId: 5 });
  });

  it('drops malformed values', () => {
    expect(validarOperacionSearch({ paso: '9', origen: 'x', destino: '-1', monto: 'a'.repeat(41), metodo: 'z1', tauser: 'nope' })).toEqual({});
    // a malformed operation id is not dropped silently: the wizard says it found no such operation
    expect(validarOperacionSearch({ paso: '4', tx: '1e3' })).toEqual({ paso: 4, txInvalida: true });
    expect(validarOperacionSearch({ txInvalida: true })).toEqual({ txInvalida: true });
    expect(aSearch(desdeSearch(validarOperacionSearch({ tx: 'abc' })))).toEqual({});
    expect(validarOperacionSearch({ paso: 3, monto: '1e5' })).toEqual({ paso: 3, monto: '1e5' });
    expect(validarOperacionSearch({ monto: 100.5 })).toEqual({ monto: '100.5' });
  });
});

describe('the simulation wizard in the URL', () => {
  it('keeps steps up to the result, the currencies, the amount and the method; never a terminal or an operation', () => {
    expect(validarSimulacionSearch({ paso: '3', origen: '2', destino: '1', monto: '150,50', metodo: 'g4', tauser: '5d1e6c2a-0b7e-4c55-9a43-2f3d1c0e9b11', tx: '9' })).toEqual({
      paso: 3,
      origen: 2,
      destino: 1,
      monto: '150,50',
      metodo: 'g4',
    });
    expect(validarSimulacionSearch({ paso: '4', monto: '' })).toEqual({});
  });
});
