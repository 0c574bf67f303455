import { describe, expect, it } from 'vitest';
import { M } from '../messages';
import { MA } from '../messagesAdmin';
import { categoriaForm, descuentoField } from './categorias';
import { clienteForm, clientePayloadFromForm } from './clientes';
import { nameEditErrors, userCreateInput, userEditForm, userEditFormFor } from './usuarios';
import { roleBody } from './roles';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('descuento', () => {
  it.each([
    ['0', '0.00'], ['100', '100.00'], ['12.5', '12.50'], ['12,5', '12.50'], [' 7 ', '7.00'], [7.25, '7.25'], [0, '0.00'], ['99.99', '99.99'],
  ])('accepts %j as %s', (input, out) => {
    expect(descuentoField.parse(input)).toBe(out);
  });

  it.each([
    [undefined, MA.descuentoRequired], [null, MA.descuentoRequired], ['', MA.descuentoRequired], ['-0.01', MA.descuentoMin],
    [-1, MA.descuentoMin], ['100.01', MA.descuentoMax], [1000, MA.descuentoMax], ['1.005', MA.descuentoStep], ['abc', MA.descuentoNumber],
    ['1e2', MA.descuentoNumber], [Number.NaN, MA.descuentoNumber], [true, MA.descuentoNumber], [1e-7, MA.descuentoStep], [1e21, MA.descuentoMax],
  ])('refuses %j with %s', (input, message) => {
    const r = descuentoField.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe(message);
  });

  it('gives the category form its three required messages', () => {
    expect(messages(categoriaForm.safeParse({ nombre: ' ', descripcion: '', descuento: '' }))).toEqual({
      nombre: MA.categoriaNombreRequired, descripcion: MA.categoriaDescripcionRequired, descuento: MA.descuentoRequired,
    });
  });
});

describe('client form', () => {
  const base = { nombre: 'Ana', isPersonaFisica: true, idCategoria: '6f1c1b8e-2f5d-4c83-9a57-1d1f4f1b1a11', correo: 'a@b.com', telefono: '+595981', direccion: 'Av 1', documento: '1234567' };

  it('builds the API payload: cédula for an individual, RUC for a company, always active', () => {
    expect(clientePayloadFromForm(clienteForm.parse(base))).toMatchObject({ cedula: '1234567', ruc: null, isActive: true });
    expect(clientePayloadFromForm(clienteForm.parse({ ...base, isPersonaFisica: false, documento: '80012345-6' }))).toMatchObject({ cedula: null, ruc: '80012345-6' });
  });

  it('applies every rule with its message', () => {
    expect(messages(clienteForm.safeParse({ ...base, nombre: 'A', correo: 'x', telefono: '09-81', direccion: 'A', documento: '12 34', idCategoria: '' }))).toEqual({
      nombre: MA.clienteNombreMin, correo: M.invalidEmailUser, telefono: MA.telefonoFormat, direccion: MA.direccionMin, documento: MA.documentoFormat, idCategoria: M.required,
    });
    expect(messages(clienteForm.safeParse({}))).toMatchObject({ isPersonaFisica: M.required, documento: M.required });
    expect(messages(clienteForm.safeParse({ ...base, isPersonaFisica: 'true' }))).toEqual({ isPersonaFisica: 'Debe ser verdadero o falso' });
  });

  it('reads a document with thousands dots and a phone with spaces as Paraguayans write them, keeping the digits', () => {
    expect(clientePayloadFromForm(clienteForm.parse({ ...base, documento: '4.567.890', telefono: '0981 123 456' }))).toMatchObject({ cedula: '4567890', telefono: '0981123456' });
    expect(clientePayloadFromForm(clienteForm.parse({ ...base, isPersonaFisica: false, documento: '80.012.345-6', telefono: '+595 21 555 000' }))).toMatchObject({ ruc: '80012345-6', telefono: '+59521555000' });
    // Dots that are not thousands groups, or anything else, are still refused with the field's message.
    for (const documento of ['45.67.890', '4567.890', '4.567,890', '4.567.890.']) {
      expect(messages(clienteForm.safeParse({ ...base, documento })), documento).toEqual({ documento: MA.documentoFormat });
    }
    expect(messages(clienteForm.safeParse({ ...base, telefono: '0981-123-456' }))).toEqual({ telefono: MA.telefonoFormat });
  });
});

describe('user forms', () => {
  it('create requires a password of 6; edit accepts an empty one', () => {
    const u = { username: 'juan', first_name: 'Juan', last_name: 'Pérez', email: 'j@p.com' };
    expect(messages(userCreateInput.safeParse({ ...u, password: '' }))).toEqual({ password: M.required });
    expect(userCreateInput.parse({ ...u, password: 'secreto' }).is_active).toBe(true);
    expect(userEditForm.safeParse({ ...u, password: '' }).success).toBe(true);
    expect(messages(userEditForm.safeParse({ ...u, password: '123' }))).toEqual({ password: M.passwordMin });
  });

  it('edit: the names a user has now pass as they are (self-registration stores no last name); new ones follow the rule, with every other message', () => {
    const registrado = { username: 'ana', first_name: 'A', last_name: '', email: 'a@p.com' };
    const form = userEditFormFor(registrado);
    expect(form.safeParse({ ...registrado, password: '' }).success).toBe(true);
    expect(messages(form.safeParse({ ...registrado, last_name: 'P', email: 'x' }))).toEqual({ last_name: MA.lastNameMin, email: M.invalidEmailUser });
    expect(messages(form.safeParse({ ...registrado, first_name: '' }))).toEqual({ first_name: M.required });
    expect(messages(userEditForm.safeParse(registrado))).toEqual({ first_name: MA.firstNameMin, last_name: M.required });
    expect(nameEditErrors({ last_name: '' }, { first_name: 'Ana', last_name: 'Pérez' })).toEqual({ last_name: M.required });
    expect(nameEditErrors({ first_name: 'A', last_name: '' }, registrado)).toEqual({});
  });
});

describe('role form', () => {
  it('trims the name', () => {
    expect(roleBody.parse({ name: '  ADMIN ', permissions: [1] })).toEqual({ name: 'ADMIN', permissions: [1] });
  });

  it('refuses permission ids beyond the integer range', () => {
    expect(messages(roleBody.safeParse({ name: 'A', permissions: [2_147_483_648] }))).toEqual({ 'permissions.0': 'Identificador de permiso no válido' });
  });
});
