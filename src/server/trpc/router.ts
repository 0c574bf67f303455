import { router } from './init';
import { authRouter } from '../modules/auth/auth.router';
import { usuariosRouter } from '../modules/usuarios/usuarios.router';
import { rolesRouter } from '../modules/roles/roles.router';
import { clientesRouter } from '../modules/clientes/clientes.router';
import { categoriasRouter } from '../modules/categorias/categorias.router';
import { auditoriaRouter } from '../modules/auditoria/auditoria.router';
import { divisasRouter } from '../modules/divisas/divisas.router';
import { cotizacionesRouter } from '../modules/cotizaciones/cotizaciones.router';
import { metodosRouter } from '../modules/metodos/metodos.router';
import { tauserRouter } from '../modules/tauser/tauser.router';
import { simulacionRouter } from '../modules/simulacion/simulacion.router';
import { transaccionesRouter } from '../modules/transacciones/transacciones.router';
import { terminalRouter } from '../modules/terminal/terminal.router';
import { reportesRouter } from '../modules/reportes/reportes.router';

export const appRouter = router({
  auth: authRouter,
  usuarios: usuariosRouter,
  roles: rolesRouter,
  clientes: clientesRouter,
  categorias: categoriasRouter,
  auditoria: auditoriaRouter,
  divisas: divisasRouter,
  cotizaciones: cotizacionesRouter,
  metodos: metodosRouter,
  tauser: tauserRouter,
  simulacion: simulacionRouter,
  transacciones: transaccionesRouter,
  terminal: terminalRouter,
  reportes: reportesRouter,
});

export type AppRouter = typeof appRouter;
