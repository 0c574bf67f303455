/**
 * The life of a transaction (DESIGN §7): states, their Spanish labels, the allowed transitions and
 * the 409 messages of the forbidden ones. Read by the server (conditional UPDATEs) and the client
 * (which buttons to show).
 */
export const ESTADOS = ['pendiente', 'en_proceso', 'completada', 'cancelada', 'expirada', 'fallida'] as const;
export type EstadoTransaccion = (typeof ESTADOS)[number];

/** States that still expire 24 h after creation. */
export const ESTADOS_VIGENTES = ['pendiente', 'en_proceso'] as const satisfies readonly EstadoTransaccion[];
/** States whose guaraní side counts against the limits (an overdue vigente one does not). */
export const ESTADOS_CON_LIMITE = ['pendiente', 'en_proceso', 'completada'] as const satisfies readonly EstadoTransaccion[];

/** History shows the states uppercase (spec 001 §4). */
export const ESTADO_LABEL: Record<EstadoTransaccion, string> = {
  pendiente: 'PENDIENTE',
  en_proceso: 'EN PROCESO',
  completada: 'COMPLETADA',
  cancelada: 'CANCELADA',
  expirada: 'EXPIRADA',
  fallida: 'FALLIDA',
};

/** Hours a transaction is valid from its creation (spec 001 §9). */
export const VALIDEZ_HORAS = 24;

export const TRANSITIONS = {
  /** The customer accepted the terms (and a new rate, if any): pay at the terminal. */
  confirmarPago: { from: ['pendiente'], to: 'en_proceso' },
  cancelar: { from: ['pendiente', 'en_proceso'], to: 'cancelada' },
  /** The terminal took the money in and paid out (terminal side). */
  completar: { from: ['en_proceso'], to: 'completada' },
  /** Staff mark a transaction at the terminal as failed, with a reason (terminal side). */
  fallar: { from: ['en_proceso'], to: 'fallida' },
  /** 24 h after creation (the sweeper, and every read of an overdue row). */
  expirar: { from: ['pendiente', 'en_proceso'], to: 'expirada' },
} as const satisfies Record<string, { from: readonly EstadoTransaccion[]; to: EstadoTransaccion }>;

export type Transicion = keyof typeof TRANSITIONS;

export function puedeTransicionar(accion: Transicion, estado: EstadoTransaccion): boolean {
  return (TRANSITIONS[accion].from as readonly EstadoTransaccion[]).includes(estado);
}

const enEstado = (estado: EstadoTransaccion) => {
  switch (estado) {
    case 'pendiente':
      return 'está pendiente';
    case 'en_proceso':
      return 'está en proceso';
    default:
      return `está ${ESTADO_LABEL[estado].toLowerCase()}`;
  }
};

/** The 409 message of a forbidden transition from `estado`. */
export function mensajeTransicion(accion: Transicion, estado: EstadoTransaccion): string {
  switch (accion) {
    case 'confirmarPago':
      return estado === 'expirada'
        ? 'La transacción expiró: ya no se puede confirmar el pago. Iniciá una nueva operación.'
        : `No se puede confirmar el pago: la transacción ${enEstado(estado)}.`;
    case 'cancelar':
      return `No se puede cancelar la transacción: ${enEstado(estado)}.`;
    case 'completar':
      // Read at the kiosk by the customer: what to do next, not only the state.
      if (estado === 'expirada') return 'La transacción expiró: ya no se puede completar en el terminal. Si ya la pagaste, consultá al personal.';
      if (estado === 'pendiente') return 'La transacción todavía no está pagada: confirmá el pago en la aplicación y volvé a ingresar el código.';
      if (estado === 'completada') return 'Esta operación ya fue completada: no se puede volver a retirar. Si no recibiste tu dinero, consultá al personal.';
      if (estado === 'fallida') return 'Esta operación fue marcada como fallida y no se puede completar. Consultá al personal.';
      if (estado === 'cancelada') return 'Esta operación fue cancelada y no se puede completar. Si querés cambiar dinero, iniciá una nueva operación en la aplicación.';
      return `No se puede completar la transacción: ${enEstado(estado)}.`;
    case 'fallar':
      return `No se puede marcar la transacción como fallida: ${enEstado(estado)}.`;
    case 'expirar':
      return `La transacción no puede expirar: ${enEstado(estado)}.`;
  }
}

/** The 409 message when the row changed between the read and the update to a state that allows the action too. */
export const mensajeCambioMientras = (estado: EstadoTransaccion) => `La transacción cambió mientras tanto: ${enEstado(estado)}. Revisala y volvé a intentar.`;

/** An Idempotency-Key the server takes: 1 to 200 visible ASCII characters (OP_MSG.idempotenciaInvalida). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** Messages of the operations area (server answers and the screens' toasts, spec 001 §8). */
export const OP_MSG = {
  rateChanged: 'La cotización cambió desde que se creó la transacción. Confirmá la nueva cotización para continuar.',
  reconfirmarSoloPendiente: 'Solo se puede reconfirmar la tasa de una transacción pendiente.',
  terminosRequeridos: 'Debe aceptar los términos y condiciones.',
  tasaAceptadaOtra: (tasa: string) => `La tasa aceptada no es la de la operación, que es ₲ ${tasa}.`,
  idempotenciaOtroCuerpo: 'La clave Idempotency-Key ya se usó con otra solicitud.',
  idempotenciaInvalida: 'La clave Idempotency-Key debe tener entre 1 y 200 caracteres visibles.',
  limiteDiario: (disponible: string) => `Supera el límite diario: disponible ${disponible}`,
  limiteMensual: (disponible: string) => `Supera el límite mensual: disponible ${disponible}`,
  clienteInactivo: 'El cliente no está activo.',
  clienteNoExiste: 'El cliente no existe.',
  tauserInvalido: 'El terminal seleccionado no existe o no está activo.',
  // Toasts of the screens (spec 001 §8).
  simulacionError: 'Error al realizar la simulación',
  operacionError: 'Error al procesar la operación',
  reconfirmarError: 'No se pudo reconfirmar la tasa',
  confirmarError: 'No se pudo confirmar el pago con la nueva cotización',
  cancelarError: 'No se pudo cancelar la transacción',
  /** A pending operation cancelled by its customer (from the history). */
  cancelada: (codigo: string) => `Operación ${codigo} cancelada.`,
  /** The history's pending operation of a client other than the current one. */
  retomarOtroCliente: (cliente: string) => `Para retomarla, elegí el cliente ${cliente} en el selector de clientes.`,
  cargarTransaccionesError: 'Error cargando transacciones',
  pagoConfirmado: 'Pago confirmado. Transacción en proceso.',
  nuevaCotizacionAceptada: 'Aceptaste la nueva cotización. Transacción en proceso.',
  canceladaPorCambio: 'Transacción cancelada por cambio de cotización',
  seleccionarDivisasMetodo: 'Debes seleccionar divisas y método',
  /** Spec 001 §8: a failed load of the methods, when the answer brings no text of its own. */
  metodosDisponiblesError: 'Error al obtener los métodos disponibles.',
  metodosClienteError: 'Error al obtener los métodos disponibles del cliente.',
} as const;

/**
 * The terminal handles the foreign currency in cash always; the guaraníes only when the operation's
 * method is EFECTIVO. With any other method (an account, a wallet, a card, a cheque) the customer
 * paid them with it at the payment (a purchase) or they are credited to it when the terminal takes
 * the foreign notes (a sale): docs/decisions.md, "The method settles the guaraníes".
 */
export const guaraniesEnEfectivo = (metodoNombre: string) => metodoNombre === 'EFECTIVO';

/** The method as the customer chose it: "Transferencia Bancaria · Mi cuenta" (the instance's alias), or the method alone. */
export const nombreMedio = (nombreDisplay: string, alias: string | null) => (alias ? `${nombreDisplay} · ${alias}` : nombreDisplay);

/** Methods a real operation may use without one of the client's instances (spec 001 §5). */
export const METODOS_GENERICOS_OPERACION: readonly string[] = ['EFECTIVO', 'CHEQUE'];
