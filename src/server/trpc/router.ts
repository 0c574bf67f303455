import { router } from './init';
import { authRouter } from '../modules/auth/auth.router';
import { usuariosRouter } from '../modules/usuarios/usuarios.router';

export const appRouter = router({
  auth: authRouter,
  usuarios: usuariosRouter,
});

export type AppRouter = typeof appRouter;
