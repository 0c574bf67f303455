import type { RestRoute } from './types';
import { authRoutes } from '../modules/auth/auth.rest';
import { usuariosRoutes } from '../modules/usuarios/usuarios.rest';
import { rolesRoutes } from '../modules/roles/roles.rest';
import { clientesRoutes } from '../modules/clientes/clientes.rest';
import { categoriasRoutes } from '../modules/categorias/categorias.rest';
import { auditoriaRoutes } from '../modules/auditoria/auditoria.rest';
import { divisasRoutes } from '../modules/divisas/divisas.rest';
import { cotizacionesRoutes } from '../modules/cotizaciones/cotizaciones.rest';
import { metodosRoutes } from '../modules/metodos/metodos.rest';
import { tauserRoutes } from '../modules/tauser/tauser.rest';
import { simulacionRoutes } from '../modules/simulacion/simulacion.rest';
import { transaccionesRoutes } from '../modules/transacciones/transacciones.rest';
import { terminalRoutes } from '../modules/terminal/terminal.rest';
import { reportesRoutes } from '../modules/reportes/reportes.rest';

/** Every REST path of the product, by domain. */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...usuariosRoutes,
  ...rolesRoutes,
  ...clientesRoutes,
  ...categoriasRoutes,
  ...auditoriaRoutes,
  ...divisasRoutes,
  ...cotizacionesRoutes,
  ...metodosRoutes,
  // Fixed /tauser/… sub-paths of the terminal side before the Tausers' `:id` paths.
  ...terminalRoutes,
  ...tauserRoutes,
  ...simulacionRoutes,
  ...transaccionesRoutes,
  ...reportesRoutes,
];
