import { describe, expect, it } from 'vitest';
import { gruposDeCuatro, textoCodigos } from './codigosRecuperacion';

describe('recovery codes file', () => {
  it('is a Spanish header line, then one code per line', () => {
    const texto = textoCodigos(['abcde-fghjk', 'mnpqr-stuvw'], 'cliente');
    expect(texto.split('\n')).toEqual([
      'Códigos de recuperación de Cambio para el usuario cliente: cada uno sirve una sola vez.',
      '',
      'abcde-fghjk',
      'mnpqr-stuvw',
      '',
    ]);
  });
});

describe('setup secret groups', () => {
  it('splits the secret in groups of 4; the last may be shorter; joined they are the secret', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ7';
    const grupos = gruposDeCuatro(secret);
    expect(grupos.slice(0, 3)).toEqual(['JBSW', 'Y3DP', 'EHPK']);
    expect(grupos.at(-1)).toBe('7');
    expect(grupos.join('')).toBe(secret);
    expect(gruposDeCuatro('')).toEqual([]);
  });
});
