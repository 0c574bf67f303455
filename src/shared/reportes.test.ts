import { describe, expect, it } from 'vitest';
import { periodos, periodosMsg } from './reportes';

describe('periodosMsg', () => {
  it('writes the counts with es-PY thousands separators', () => {
    const n = periodos('dia', '2020-01-01', '2026-11-27');
    expect(n).toBe(2523);
    expect(periodosMsg(n, 'dia')).toBe('El período tiene 2.523 días; la evolución muestra como máximo 1.000. Acortá las fechas o agrupá por semana o mes.');
    expect(periodosMsg(1001, 'semana')).toBe('El período tiene 1.001 semanas; la evolución muestra como máximo 1.000. Acortá las fechas o agrupá por mes.');
  });
});
