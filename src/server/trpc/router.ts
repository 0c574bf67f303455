import { router } from './init';
import { authRouter } from '../modules/auth/auth.router';
import { usuariosRouter } from '../modules/usuarios/usuarios.router';
import { divisasRouter } from '../modules/divisas/divisas.router';
import { cotizacionesRouter } from '../modules/cotizaciones/cotizaciones.router';

export const appRouter = router({
  auth: authRouter,
  usuarios: usuariosRouter,
  divisas: divisasRouter,
  cotizaciones: cotizacionesRouter,
});

export type AppRouter = typeof appRouter;
