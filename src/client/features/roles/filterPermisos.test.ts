import { describe, expect, it } from 'vitest';
import { filterPermisos } from './filterPermisos';

const permisos = [
  { id: 1, name: 'Can view tasa', codename: 'view_tasa', app_label: 'cotizaciones', name_es: 'Ver cotización' },
  { id: 2, name: 'Can add group', codename: 'add_group', app_label: 'auth', name_es: 'Crear rol' },
  { id: 3, name: 'Can use simulacion', codename: 'can_use_simulacion', app_label: 'operaciones', name_es: 'Usar la simulación de operaciones' },
];
const ids = (search: string) => filterPermisos(permisos, search).map((p) => p.id);

describe('the permission checklist search', () => {
  it('matches name, codename, app label and Spanish name, ignoring case and accents', () => {
    expect(ids('CAN ADD')).toEqual([2]);
    expect(ids('view_tasa')).toEqual([1]);
    expect(ids('operaciones')).toEqual([3]);
    expect(ids('cotizacion')).toEqual([1]);
    expect(ids('SIMULACIÓN')).toEqual([3]);
    expect(ids('  ')).toEqual([1, 2, 3]);
    expect(ids('nada')).toEqual([]);
  });
});
