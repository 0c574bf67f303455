/** Spanish texts of the second factor (TOTP), the password change and the end of every session. */
export const MF = {
  codeRequired: 'Ingresá el código de tu aplicación o un código de recuperación.',
  codeWrong: 'El código no es válido o ya fue usado. Probá con el código actual de tu aplicación.',
  challengeInvalid: 'La verificación en dos pasos venció o ya fue usada. Iniciá sesión de nuevo.',
  noPendingSetup: 'Primero generá un secreto nuevo (configuración de la verificación en dos pasos).',
  alreadyEnabled: 'La verificación en dos pasos ya está activada. Desactivala antes de configurarla de nuevo.',
  notEnabled: 'La verificación en dos pasos no está activada.',
  passwordWrong: 'La contraseña no es correcta.',
  passwordSame: 'La contraseña nueva debe ser distinta de la actual.',
  requiredByRole: 'Tu rol exige la verificación en dos pasos: no se puede desactivar.',
  resetSelf: 'Tu propia verificación en dos pasos se cambia en Seguridad.',
  enrollmentRequired: 'Tu rol exige la verificación en dos pasos: activala en Seguridad para continuar.',
  /** The same, said on the Seguridad page itself. */
  enrollmentRequiredAqui: 'Tu rol exige la verificación en dos pasos: activala aquí para continuar.',
  enabled: 'Verificación en dos pasos activada.',
  disabled: 'Verificación en dos pasos desactivada.',
  reset: 'Se restableció la verificación en dos pasos del usuario: deberá configurarla de nuevo.',
  resetNotEnabled: 'Este usuario no tiene activada la verificación en dos pasos: no hay nada que restablecer.',
  passwordChanged: 'Contraseña cambiada. Se cerraron tus otras sesiones.',
  loggedOutEverywhere: 'Se cerró la sesión en todos los dispositivos.',
} as const;
