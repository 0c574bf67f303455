import type { Request } from 'express';
import type { RestRoute } from '../../rest/types';

const tag = 'Terminal';
const byId = (req: Request) => ({ id: req.params.id });
const byCodigo = (req: Request) => ({ codigo: req.params.codigo });
/** The kiosk's own paths: a terminal token that is refused says why; a person's token is not a terminal. */
const kiosco = {
  401: 'Token de terminal rechazado: `motivo` dice por qué (terminal_desactivada, clave_rotada, sesion_revocada, sesion_desactivada)',
  403: 'Un token de persona: solo un terminal puede usar esta ruta',
};

/** The terminal side (issue 13). Fixed paths under /tauser/ go before the Tausers' `:id` ones. */
export const terminalRoutes: RestRoute[] = [
  { method: 'post', path: '/tauser/terminal/login/', procedure: 'terminal.login', public: true, rateLimited: true, refusals: { 401: 'Código o clave del terminal incorrectos', 403: 'Clave correcta, pero el terminal está desactivado' }, summary: 'Inicio de sesión del terminal: {codigo, secreto} → token de terminal (solo sirve en /tauser/terminal/…)', tag },
  { method: 'get', path: '/tauser/terminal/yo/', procedure: 'terminal.yo', refusals: kiosco, summary: 'El Tauser del token de terminal', tag },
  { method: 'get', path: '/tauser/terminal/transacciones/:codigo/', procedure: 'terminal.consultar', input: byCodigo, refusals: kiosco, summary: 'Terminal: una transacción en proceso por su código, qué entrega el cliente, qué recibe y si el stock alcanza', tag,
    conflict: 'invalid_transition: la transacción no está en proceso (estado)' },
  { method: 'post', path: '/tauser/terminal/transacciones/:codigo/procesar/', procedure: 'terminal.procesar', refusals: kiosco, summary: 'Terminal: completar la transacción (en proceso → completada), descontar billetes pagados y sumar los recibidos. Un `codigo` en el cuerpo distinto del de la ruta: 400', tag,
    conflict: 'invalid_transition: la transacción no está en proceso (estado); conflict: ya completada, o el stock no alcanza (puede_pagar: false)' },
  { method: 'get', path: '/tauser/puede-pagar/', procedure: 'terminal.puedePagar', summary: 'Terminales activos y si su stock paga ahora ?monto de ?divisa (id) en billetes', tag },
  { method: 'post', path: '/tauser/:id/secreto/', procedure: 'terminal.generarSecreto', summary: 'Generar o rotar la clave del terminal (se muestra una sola vez)', tag },
  { method: 'delete', path: '/tauser/:id/secreto/', procedure: 'terminal.revocarSecreto', input: byId, status: 204, summary: 'Revocar la clave del terminal', tag },
  { method: 'get', path: '/tauser/:id/stock/', procedure: 'terminal.stock', input: byId, summary: 'Stock de billetes del Tauser por divisa y denominación, con total', tag },
  { method: 'post', path: '/tauser/:id/stock/', procedure: 'terminal.moverStock', summary: 'Cargar o retirar billetes: {denominacion_id, operacion: cargar|retirar, cantidad, motivo}', tag },
  { method: 'get', path: '/tauser/:id/stock/movimientos/', procedure: 'terminal.movimientos', input: (req) => ({ id: req.params.id, page: req.query.page }), summary: 'Movimientos de stock (quién, cuándo, antes, después, motivo), paginados', tag },
  { method: 'post', path: '/operaciones/transacciones/:id/fallar/', procedure: 'terminal.fallar', summary: 'Marcar como fallida una transacción en proceso, con motivo', tag,
    conflict: 'invalid_transition: la transacción no está en proceso (estado)' },
];
