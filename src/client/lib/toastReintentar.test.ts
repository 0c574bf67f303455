import { describe, expect, it, vi } from 'vitest';

const error = vi.fn();
vi.mock('react-hot-toast', () => ({ default: { error, dismiss: vi.fn() } }));

const { toastErrorReintentar, TOAST_REINTENTAR_MS } = await import('./toastReintentar');

describe('toastErrorReintentar', () => {
  it('stays 8 s, long enough to reach Reintentar (plain notices close after 1 s)', () => {
    toastErrorReintentar('No se pudieron actualizar los datos.', () => {}, 'actualizar');
    expect(TOAST_REINTENTAR_MS).toBe(8000);
    expect(error).toHaveBeenCalledWith(expect.any(Function), { duration: 8000, id: 'actualizar' });
  });
});
