import { describe, expect, it } from 'vitest';
import { registerForm } from './auth';
import { passwordChangeForm } from './mfa';
import { M } from '../messages';

const mensajes = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe("'Las contraseñas no coinciden.' comes with the other field errors", () => {
  const registro = { username: 'juanpy', email: 'juan@ejemplo.com.py', first_name: 'Juan' };

  it('registration: a short password and a different confirmation say both at once', () => {
    const r = mensajes(registerForm.safeParse({ ...registro, password: '123', confirm_password: '1234' }));
    expect(r.password).toBe(M.passwordMin);
    expect(r.confirm_password).toBe(M.passwordsDontMatch);
  });

  it('an empty confirmation says it is required, not that they differ; equal ones pass', () => {
    expect(mensajes(registerForm.safeParse({ ...registro, password: '123', confirm_password: '' })).confirm_password).toBe(M.required);
    expect(registerForm.safeParse({ ...registro, password: 'clave123', confirm_password: 'clave123' }).success).toBe(true);
    expect(mensajes(registerForm.safeParse({ ...registro, password: 'clave123', confirm_password: 'clave124' })).confirm_password).toBe(M.passwordsDontMatch);
  });

  it('changing the password (Seguridad): the same', () => {
    const r = mensajes(passwordChangeForm.safeParse({ current_password: 'x', new_password: '123', confirm_password: '1234' }));
    expect(r.new_password).toBe(M.passwordMin);
    expect(r.confirm_password).toBe(M.passwordsDontMatch);
  });
});
