import { describe, expect, it } from 'vitest';
import { camposMetodo, elegirDivisa, etiquetaDireccion, excesoDeCupo, metodoInicial, pagoEnEfectivo, puedeContinuarPaso1, resumenInstancia, ubicarRechazo, type DivisaOpcion } from './wizardRules';
import type { MetodosRespuesta } from '../../../shared/schemas/operaciones';

const D: DivisaOpcion[] = [
  { id: 1, codigo: 'PYG', nombre: 'Guaraní', simbolo: '₲', es_base: true },
  { id: 2, codigo: 'USD', nombre: 'Dólar', simbolo: 'US$', es_base: false },
  { id: 3, codigo: 'EUR', nombre: 'Euro', simbolo: '€', es_base: false },
];

describe('elegirDivisa', () => {
  it('a foreign currency on one side puts the base on the other', () => {
    expect(elegirDivisa({ origen: 2, destino: 3 }, 'origen', 3, D)).toEqual({ origen: 3, destino: 1 });
    expect(elegirDivisa({ origen: 1, destino: 2 }, 'destino', 3, D)).toEqual({ origen: 1, destino: 3 });
    expect(elegirDivisa({ origen: 3, destino: 2 }, 'destino', 2, D)).toEqual({ origen: 1, destino: 2 });
  });
  it('the base on both sides moves the other side to a foreign one', () => {
    expect(elegirDivisa({ origen: 2, destino: 1 }, 'origen', 1, D)).toEqual({ origen: 1, destino: 2 });
  });
  it('the base keeps a foreign other side', () => {
    expect(elegirDivisa({ origen: 3, destino: 2 }, 'origen', 1, D)).toEqual({ origen: 1, destino: 2 });
  });
});

describe('puedeContinuarPaso1', () => {
  it('needs different currencies, a positive amount and a client', () => {
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '100', true, 'USD')).toBe(true);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '100,50', true, 'USD')).toBe(true);
    expect(puedeContinuarPaso1({ origen: 2, destino: 2 }, '100', true, 'USD')).toBe(false);
    expect(puedeContinuarPaso1({ origen: 1, destino: '' }, '100', true, 'USD')).toBe(false);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '0', true, 'USD')).toBe(false);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '', true, 'USD')).toBe(false);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, 'abc', true, 'USD')).toBe(false);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '100', false, 'USD')).toBe(false);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '1.000.000', true, 'PYG')).toBe(true);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '100,555', true, 'USD')).toBe(false);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '1e5', true, 'PYG')).toBe(false);
    expect(puedeContinuarPaso1({ origen: 1, destino: 2 }, '-50', true, 'USD')).toBe(false);
  });
});

const grupo = (id: number, instancias: number[], permite_generico: boolean) => ({
  metodo_financiero: { id, nombre: `M${id}`, nombre_display: `Método ${id}`, comision_porcentaje: '1' },
  instancias: instancias.map((i) => ({ id: i, alias: `a${i}`, tipo_especifico: 'cuenta_bancaria' as const, detalles: {}, comision_porcentaje: '1' })),
  permite_generico,
});

describe('metodoInicial', () => {
  it("preselects the first group's first instance", () => {
    const m: MetodosRespuesta['metodos'] = { TRANSFERENCIA: grupo(5, [11, 12], true), EFECTIVO: grupo(1, [], true) };
    expect(metodoInicial(m)).toEqual({ tipo: 'instancia', id: 11, metodoId: 5 });
  });
  it("otherwise the first group's generic method", () => {
    expect(metodoInicial({ EFECTIVO: grupo(1, [], true) })).toEqual({ tipo: 'generico', metodoId: 1 });
  });
  it('nothing when there is no group or no choice in it', () => {
    expect(metodoInicial({})).toBeNull();
    expect(metodoInicial({ TARJETA: grupo(3, [], false) })).toBeNull();
  });
});

describe('camposMetodo and etiquetaDireccion', () => {
  it('an instance sends detalle_metodo_id, a generic method metodo_id', () => {
    expect(camposMetodo({ tipo: 'instancia', id: 11, metodoId: 5 })).toEqual({ detalle_metodo_id: 11 });
    expect(camposMetodo({ tipo: 'generico', metodoId: 1 })).toEqual({ metodo_id: 1 });
    expect(camposMetodo(null)).toEqual({});
  });
  it('labels the direction from the house side', () => {
    expect(etiquetaDireccion('venta')).toBe('Método de Pago');
    expect(etiquetaDireccion('compra')).toBe('Método de Cobro');
    expect(etiquetaDireccion(undefined)).toBe('Método Financiero');
  });
});

describe('excesoDeCupo', () => {
  it('says which limit an amount passes, with what is left, in the server\'s words', () => {
    const cupo = { disponible_diario: '2700000', disponible_mensual: '5000000' };
    expect(excesoDeCupo('2700000', cupo)).toBeNull();
    expect(excesoDeCupo('2700001', cupo)).toBe('Supera el límite diario: disponible ₲ 2.700.000');
    expect(excesoDeCupo('6000000', { disponible_diario: null, disponible_mensual: '5000000' })).toBe('Supera el límite mensual: disponible ₲ 5.000.000');
    expect(excesoDeCupo('1', { disponible_diario: null, disponible_mensual: null })).toBeNull();
    expect(excesoDeCupo(null, cupo)).toBeNull();
  });
});

describe('ubicarRechazo', () => {
  it('puts amount and limit refusals under the amount, method ones on step 2, the rest on the step', () => {
    expect(ubicarRechazo({ fields: { monto: ['x'] } }, 3)).toEqual({ paso: 1, campo: 'monto' });
    expect(ubicarRechazo({ extra: { limite: 'diario' } }, 3)).toEqual({ paso: 1, campo: 'monto' });
    expect(ubicarRechazo({ extra: { limite: 'diario' } }, 5)).toEqual({ paso: 5 });
    expect(ubicarRechazo({ fields: { detalle_metodo_id: ['x'] } }, 3)).toEqual({ paso: 2 });
    expect(ubicarRechazo({ fields: { tauser_id: ['x'] } }, 3)).toEqual({ paso: 3 });
    expect(ubicarRechazo({}, 3)).toEqual({ paso: 3 });
  });
});

describe('pagoEnEfectivo', () => {
  const metodos: MetodosRespuesta['metodos'] = {
    TRANSFERENCIA_BANCARIA: { ...grupo(5, [11], true), metodo_financiero: { id: 5, nombre: 'TRANSFERENCIA_BANCARIA', nombre_display: 'Transferencia', comision_porcentaje: '1' } },
    EFECTIVO: { ...grupo(1, [], true), metodo_financiero: { id: 1, nombre: 'EFECTIVO', nombre_display: 'Efectivo', comision_porcentaje: '0' } },
  };
  it('a foreign payout is always cash; guaraníes only with EFECTIVO (an account gets them credited)', () => {
    expect(pagoEnEfectivo(false, { tipo: 'instancia', id: 11, metodoId: 5 }, metodos)).toBe(true);
    expect(pagoEnEfectivo(true, { tipo: 'instancia', id: 11, metodoId: 5 }, metodos)).toBe(false);
    expect(pagoEnEfectivo(true, { tipo: 'generico', metodoId: 5 }, metodos)).toBe(false);
    expect(pagoEnEfectivo(true, { tipo: 'generico', metodoId: 1 }, metodos)).toBe(true);
    // Not known yet: the stricter check (the notes must pay it).
    expect(pagoEnEfectivo(true, { tipo: 'generico', metodoId: 1 }, undefined)).toBe(true);
  });
});

describe('resumenInstancia', () => {
  const tarjeta = { id: 1, alias: 'Visa', tipo_especifico: 'tarjeta_local' as const, comision_porcentaje: '0', detalles: { marca_nombre: 'Visa', last4: '1111', titular: 'Ana Benítez', exp_month: 1, exp_year: 2027 } };
  it("shows a card's month padded to two digits, as everywhere else", () => {
    expect(resumenInstancia(tarjeta)).toBe('Visa · •••• 1111 · Ana Benítez · 01/2027');
    expect(resumenInstancia({ ...tarjeta, detalles: { ...tarjeta.detalles, exp_month: 11 } })).toBe('Visa · •••• 1111 · Ana Benítez · 11/2027');
  });
  it('shows only the last 4 of an account number', () => {
    const cuenta = { ...tarjeta, tipo_especifico: 'cuenta_bancaria' as const, detalles: { banco_nombre: 'Itaú', titular: 'Ana', cbu_cvu: '0001234567890' } };
    expect(resumenInstancia(cuenta)).toBe('Itaú · Ana · •••• 7890');
  });
});

