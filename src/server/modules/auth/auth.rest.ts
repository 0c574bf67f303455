import type { RestRoute } from '../../rest/types';

const tag = 'Autenticación';

export const authRoutes: RestRoute[] = [
  { method: 'post', path: '/token/', procedure: 'auth.login', summary: 'Iniciar sesión: tokens de acceso y de refresco', tag, public: true },
  { method: 'post', path: '/token/refresh/', procedure: 'auth.refresh', summary: 'Nuevo token de acceso a partir del de refresco', tag, public: true },
  { method: 'post', path: '/token/logout/', procedure: 'auth.logout', summary: 'Cerrar sesión: revoca el token de refresco', tag, public: true },
  { method: 'post', path: '/auth/register/', procedure: 'auth.register', status: 201, summary: 'Registro de un usuario nuevo (envía un código por correo)', tag, public: true },
  { method: 'post', path: '/auth/verify-email/', procedure: 'auth.verifyEmail', summary: 'Verificar el correo con el código de 6 dígitos', tag, public: true },
  { method: 'post', path: '/auth/resend-code/', procedure: 'auth.resendCode', summary: 'Pedir un código de verificación nuevo', tag, public: true },
  { method: 'get', path: '/me/permissions/', procedure: 'auth.myPermissions', input: () => undefined, summary: 'Permisos del usuario actual; sin token, `{"perms": []}` (un token inválido o vencido da 401)', tag, public: true },
];
