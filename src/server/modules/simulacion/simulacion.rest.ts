import type { RestRoute } from '../../rest/types';

const tag = 'Operaciones';

/** Spec 001 §7 "Simulation and operations": quotes and the methods a direction allows. */
export const simulacionRoutes: RestRoute[] = [
  { method: 'post', path: '/operaciones/simular_publica/', procedure: 'simulacion.publica', summary: 'Simulación pública (método genérico, sin descuento)', tag, public: true },
  { method: 'post', path: '/operaciones/simular_privada_con_instancia/', procedure: 'simulacion.privada', summary: 'Simulación para un cliente asignado: descuento de su categoría y comisión de la instancia o del método genérico', tag },
  { method: 'get', path: '/operaciones/metodos-disponibles/', procedure: 'simulacion.metodosDisponibles', summary: 'Métodos permitidos para la dirección de la operación (?divisa_origen, ?divisa_destino)', tag, public: true },
  { method: 'get', path: '/operaciones/metodos-cliente/', procedure: 'simulacion.metodosCliente', summary: 'Métodos del cliente agrupados por tipo (?cliente_id, ?divisa_origen, ?divisa_destino, ?es_operacion_real)', tag },
];
