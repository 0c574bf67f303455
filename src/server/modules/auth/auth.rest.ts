import type { RestRoute } from '../../rest/types';
import { bodyAndParams } from '../../rest/crud';

const tag = 'Autenticación';

export const authRoutes: RestRoute[] = [
  { method: 'post', path: '/token/', procedure: 'auth.login', summary: 'Iniciar sesión: tokens de acceso y de refresco', tag, public: true, rateLimited: true,
    refusals: { 401: 'Usuario o contraseña incorrectos, o usuario inactivo; un correo sin verificar lleva `code: "email_not_verified"`' } },
  { method: 'post', path: '/token/refresh/', procedure: 'auth.refresh', summary: 'Nuevo token de acceso a partir del de refresco', tag, public: true,
    refusals: { 401: 'Token de refresco inválido, vencido o revocado, o usuario inactivo (`code: "token_not_valid"`)' } },
  { method: 'post', path: '/token/logout/', procedure: 'auth.logout', summary: 'Cerrar sesión: revoca el token de refresco', tag, public: true },
  { method: 'post', path: '/auth/register/', procedure: 'auth.register', status: 201, summary: 'Registro de un usuario nuevo (envía un código por correo)', tag, public: true, rateLimited: true },
  { method: 'post', path: '/auth/verify-email/', procedure: 'auth.verifyEmail', summary: 'Verificar el correo con el código de 6 dígitos', tag, public: true, rateLimited: true },
  { method: 'post', path: '/auth/resend-code/', procedure: 'auth.resendCode', summary: 'Pedir un código de verificación nuevo', tag, public: true, rateLimited: true },
  { method: 'post', path: '/auth/password-reset/', procedure: 'auth.passwordReset', summary: 'Pedir un código por correo para restablecer la contraseña', tag, public: true, rateLimited: true },
  { method: 'post', path: '/auth/password-reset/confirm/', procedure: 'auth.passwordResetConfirm', summary: 'Restablecer la contraseña con el código (revoca todas las sesiones)', tag, public: true, rateLimited: true },
  { method: 'post', path: '/token/mfa/', procedure: 'auth.mfaLogin', summary: 'Segundo paso del inicio de sesión: `mfa_token` y un código (TOTP o de recuperación) dan los tokens', tag, public: true, rateLimited: true },
  { method: 'get', path: '/auth/mfa/', procedure: 'auth.mfaStatus', input: () => undefined, summary: 'Estado de la verificación en dos pasos del usuario actual', tag },
  { method: 'post', path: '/auth/mfa/setup/', procedure: 'auth.mfaSetup', input: bodyAndParams, summary: 'Nuevo secreto TOTP pendiente (se muestra una sola vez): `{secret, otpauth_url, qr_svg}`', tag },
  { method: 'post', path: '/auth/mfa/enable/', procedure: 'auth.mfaEnable', summary: 'Activar la verificación en dos pasos con un código actual: 10 códigos de recuperación y tokens nuevos', tag, rateLimited: true },
  { method: 'post', path: '/auth/mfa/disable/', procedure: 'auth.mfaDisable', summary: 'Desactivarla con la contraseña y un código (o uno de recuperación)', tag, rateLimited: true },
  { method: 'post', path: '/auth/password/change/', procedure: 'auth.passwordChange', summary: 'Cambiar la propia contraseña (actual y nueva): cierra las demás sesiones y da tokens nuevos', tag, rateLimited: true },
  { method: 'post', path: '/auth/logout-all/', procedure: 'auth.logoutAll', input: bodyAndParams, summary: 'Cerrar sesión en todos los dispositivos (revoca todos los tokens del usuario)', tag },
  // No fields: body keys reach the strict input, which refuses them (`Campo no permitido.`).
  { method: 'post', path: '/usuarios/:id/reset_mfa/', procedure: 'auth.resetUserMfa', input: bodyAndParams, summary: 'Restablecer la verificación en dos pasos de otro usuario (la configura de nuevo)', tag: 'Usuarios' },
  { method: 'get', path: '/me/permissions/', procedure: 'auth.myPermissions', input: () => undefined, summary: 'Permisos del usuario actual; sin token, `{"perms": []}` (un token inválido o vencido da 401)', tag, public: true,
    optionalToken: true, refusals: { 403: 'El rol del usuario exige la verificación en dos pasos y aún no la configuró (`code: "mfa_enrollment_required"`)' } },
];
