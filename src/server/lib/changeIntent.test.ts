import { describe, expect, it } from 'vitest';
import { changeIntent, togglePatch } from './changeIntent';

const perms = { edit: 'x.change_x', deactivate: 'x.delete_x' };
const active = { id: 1, nombre: 'A', is_active: true };
const inactive = { ...active, is_active: false };

describe('changeIntent', () => {
  it('an edit of fields needs the edit permission and audits update', () => {
    expect(changeIntent(active, { nombre: 'B' }, { active: 'is_active', perms })).toEqual({
      edits: true, activating: false, deactivating: false, perms: ['x.change_x'], action: 'update',
    });
  });

  it('sending a field equal to the current one is still an edit', () => {
    expect(changeIntent(active, { nombre: 'A' }, { active: 'is_active', perms }).perms).toEqual(['x.change_x']);
  });

  it('deactivating needs the deactivate permission; activating falls back to edit', () => {
    expect(changeIntent(active, { is_active: false }, { active: 'is_active', perms })).toMatchObject({ perms: ['x.delete_x'], action: 'deactivate' });
    expect(changeIntent(inactive, { is_active: true }, { active: 'is_active', perms })).toMatchObject({ perms: ['x.change_x'], action: 'activate' });
  });

  it('an activate permission of its own is used when given', () => {
    const own = { ...perms, activate: 'x.activate_x' };
    expect(changeIntent(inactive, { is_active: true }, { active: 'is_active', perms: own }).perms).toEqual(['x.activate_x']);
  });

  it('an edit together with a deactivation needs both permissions and audits update', () => {
    expect(changeIntent(active, { nombre: 'B', is_active: false }, { active: 'is_active', perms })).toMatchObject({
      perms: ['x.change_x', 'x.delete_x'], action: 'update',
    });
  });

  it('asking for the current state, or nothing, needs no permission and no audit', () => {
    expect(changeIntent(active, { is_active: true }, { active: 'is_active', perms })).toMatchObject({ perms: [], action: null });
    expect(changeIntent(active, { nombre: undefined }, { active: 'is_active', perms })).toMatchObject({ perms: [], action: null });
  });

  it('the caller may decide what counts as an edit (only real changes)', () => {
    expect(changeIntent(active, { nombre: 'A', is_active: false }, { active: 'is_active', perms, edits: false })).toMatchObject({
      perms: ['x.delete_x'], action: 'deactivate',
    });
  });

  it('works with another name for the state column', () => {
    const tasa = { id: 2, activo: false };
    expect(changeIntent(tasa, togglePatch(tasa, 'activo'), { active: 'activo', perms })).toMatchObject({ activating: true, action: 'activate' });
  });
});
