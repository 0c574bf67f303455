import type { RestRoute } from './types';
import { authRoutes } from '../modules/auth/auth.rest';
import { usuariosRoutes } from '../modules/usuarios/usuarios.rest';
import { divisasRoutes } from '../modules/divisas/divisas.rest';
import { cotizacionesRoutes } from '../modules/cotizaciones/cotizaciones.rest';

/** Every REST path of the product, by domain. */
export const restRoutes: RestRoute[] = [...authRoutes, ...usuariosRoutes, ...divisasRoutes, ...cotizacionesRoutes];
