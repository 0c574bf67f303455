/** The operation wizard's own messages (the server's are in shared/transacciones.ts). */
export const OPERACION_MSG = {
  /** A purchase's cents: paid in guaraníes at the operation's rate, capped at what was paid for them (decisions.md, "Money"). */
  restoEnGuaranies: 'lo que no llegue al billete más chico, en guaraníes a la tasa de esta operación, sin superar lo que pagaste por esa parte',
  sinCliente: 'Debes tener un cliente seleccionado',
  nuevaEnBreve: 'Preparando una nueva operación…',
  cambiarTerminal: (codigo: string) =>
    `La operación ${codigo} se cancela. Al elegir el terminal se crea otra con las mismas divisas, monto y método, a la cotización de ese momento.`,
  sinTransaccion: 'No hay transacción creada',
  sinTerminal: 'Debes seleccionar un terminal',
  pendientesError: 'No se pudieron cargar tus operaciones pendientes de pago.',
  sinConexion: 'No se pudo conectar con el servidor. Probá de nuevo: la operación no se duplica.',
  terminalSinBilletes: 'Este terminal no tiene billetes suficientes para pagar esta operación. Elegí otro terminal.',
  txNoEncontrada: 'No encontramos esta operación: revisá el enlace o empezá una nueva.',
  txSinRespuesta: 'No pudimos cargar la operación: el servidor no respondió.',
  yaConfirmada: 'Esta operación ya está confirmada: completala en el terminal.',
  noPendiente: (estado: string) => `Esta operación ya no está pendiente (${estado}).`,
} as const;
