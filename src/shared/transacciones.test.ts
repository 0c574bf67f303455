import { describe, expect, it } from 'vitest';
import { ESTADOS, ESTADO_LABEL, TRANSITIONS, mensajeTransicion, puedeTransicionar, type EstadoTransaccion, type Transicion } from './transacciones';

describe('transaction state machine (DESIGN §7)', () => {
  const allowed: Record<Transicion, EstadoTransaccion[]> = {
    confirmarPago: ['pendiente'],
    cancelar: ['pendiente', 'en_proceso'],
    completar: ['en_proceso'],
    fallar: ['en_proceso'],
    expirar: ['pendiente', 'en_proceso'],
  };

  it('allows exactly the transitions of the design, from each state', () => {
    for (const accion of Object.keys(TRANSITIONS) as Transicion[]) {
      for (const estado of ESTADOS) {
        expect(puedeTransicionar(accion, estado), `${accion} desde ${estado}`).toBe(allowed[accion].includes(estado));
      }
    }
  });

  it('leads where the design says', () => {
    expect(TRANSITIONS.confirmarPago.to).toBe('en_proceso');
    expect(TRANSITIONS.cancelar.to).toBe('cancelada');
    expect(TRANSITIONS.completar.to).toBe('completada');
    expect(TRANSITIONS.fallar.to).toBe('fallida');
    expect(TRANSITIONS.expirar.to).toBe('expirada');
  });

  it('final states allow nothing', () => {
    for (const estado of ['completada', 'cancelada', 'expirada', 'fallida'] as const) {
      for (const accion of Object.keys(TRANSITIONS) as Transicion[]) expect(puedeTransicionar(accion, estado)).toBe(false);
    }
  });

  it('labels are uppercase Spanish and every forbidden transition has a Spanish message naming the state', () => {
    expect(ESTADO_LABEL.en_proceso).toBe('EN PROCESO');
    for (const estado of ESTADOS) expect(ESTADO_LABEL[estado]).toBe(ESTADO_LABEL[estado].toUpperCase());
    expect(mensajeTransicion('cancelar', 'completada')).toBe('No se puede cancelar la transacción: está completada.');
    expect(mensajeTransicion('confirmarPago', 'en_proceso')).toBe('No se puede confirmar el pago: la transacción está en proceso.');
    expect(mensajeTransicion('confirmarPago', 'expirada')).toMatch(/expiró/);
    // At the kiosk: what to do with an expired (perhaps paid) or unpaid code.
    expect(mensajeTransicion('completar', 'expirada')).toBe('La transacción expiró: ya no se puede completar en el terminal. Si ya la pagaste, consultá al personal.');
    expect(mensajeTransicion('completar', 'pendiente')).toBe('La transacción todavía no está pagada: confirmá el pago en la aplicación y volvé a ingresar el código.');
    // At the kiosk each closed state says what happened and what to do, not only the state.
    expect(mensajeTransicion('completar', 'completada')).toBe('Esta operación ya fue completada: no se puede volver a retirar. Si no recibiste tu dinero, consultá al personal.');
    expect(mensajeTransicion('completar', 'fallida')).toBe('Esta operación fue marcada como fallida y no se puede completar. Consultá al personal.');
    expect(mensajeTransicion('completar', 'cancelada')).toBe('Esta operación fue cancelada y no se puede completar. Si querés cambiar dinero, iniciá una nueva operación en la aplicación.');
    expect(new Set((['completada', 'fallida', 'cancelada', 'expirada', 'pendiente'] as const).map((e) => mensajeTransicion('completar', e))).size).toBe(5);
  });
});
