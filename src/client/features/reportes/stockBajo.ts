/** The low-stock summary of Reportes: it counts terminals (a terminal below the minimum of two currencies is one). */
export const stockBajoResumen = (terminales: number) =>
  terminales === 1
    ? 'Una terminal tiene stock por debajo del mínimo en al menos una divisa.'
    : `${terminales} terminales tienen stock por debajo del mínimo en al menos una divisa.`;
