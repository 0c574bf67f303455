import { describe, expect, it } from 'vitest';
import { divisasSearch } from './divisasSearch';

describe('divisasSearch', () => {
  it('keeps the Configuración tab with the list state', () => {
    expect(divisasSearch({ tab: 'configuracion', page: '2', search: 'usd' })).toEqual({ tab: 'configuracion', page: 2, search: 'usd' });
  });
  it('reads the first tab, an unknown one and a malformed one as absent', () => {
    for (const tab of ['divisas', 'otra', 3, undefined]) expect(divisasSearch({ tab }).tab).toBeUndefined();
  });
});
