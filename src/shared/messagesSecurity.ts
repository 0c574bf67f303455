/** Spanish texts of the hardening layer: text checks, tokens, password reset, availability. */
export const MS = {
  controlChars: 'No se permiten caracteres de control ni saltos de línea.',
  controlCharsMultiline: 'No se permiten caracteres de control (solo saltos de línea).',
  badUnicode: 'El texto contiene caracteres Unicode no válidos.',
  invalidUtf8: 'El cuerpo no es UTF-8 válido.',
  refreshMalformed: 'El token de refresco no es válido.',
  resetRequested: 'Si la cuenta existe, te enviamos un código para restablecer la contraseña.',
  resetDone: 'Contraseña restablecida. Iniciá sesión con la nueva contraseña.',
  unavailable: 'El servicio no está disponible en este momento. Probá de nuevo en unos segundos.',
  shuttingDown: 'El servidor se está reiniciando. Probá de nuevo en unos segundos.',
} as const;
