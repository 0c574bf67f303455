/** Integer digits an amount may have (the largest sums stay far from numeric's bounds). */
export const MONTO_MAX_ENTEROS = 15;

export const MONTO_MSG = {
  invalido: 'Ingrese un monto válido.',
  positivo: 'El monto debe ser mayor a cero.',
  grande: `El monto no puede tener más de ${MONTO_MAX_ENTEROS} dígitos enteros.`,
  sinDecimales: (codigo: string) => `El monto en ${codigo} no admite decimales.`,
  decimales: (codigo: string, n: number) => `El monto en ${codigo} admite como máximo ${n} decimales.`,
} as const;

