/** The name of the downloaded recovery codes. */
export const ARCHIVO_CODIGOS = 'codigos-recuperacion-cambio.txt';

/** The text the recovery codes are copied and downloaded as: a header line, then one code per line. */
export function textoCodigos(codes: string[], usuario: string): string {
  const encabezado = `Códigos de recuperación de Cambio para el usuario ${usuario}: cada uno sirve una sola vez.`;
  return [encabezado, '', ...codes, ''].join('\n');
}

/** The setup secret in groups of 4 characters, to read and type it (display only). */
export const gruposDeCuatro = (secret: string): string[] => secret.match(/.{1,4}/g) ?? [];
