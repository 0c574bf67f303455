/** The operation wizard's own messages (the server's are in shared/transacciones.ts). */
export const OPERACION_MSG = {
  sinCliente: 'Debes tener un cliente seleccionado',
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
