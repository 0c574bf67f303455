import type { Request } from 'express';
import type { RestRoute } from '../../rest/types';
import { crudRoutes } from '../../rest/crud';

const tag = 'Usuarios';
const idOnly = (req: Request) => ({ id: req.params.id });

export const usuariosRoutes: RestRoute[] = [
  { method: 'post', path: '/usuarios/:id/asignar_clientes/', procedure: 'usuarios.asignarClientes', summary: 'Reemplazar los clientes asignados (`clientes`: ids); si el cliente actual deja de estar, se borra', tag },
  { method: 'get', path: '/usuarios/:id/get_clientes_asignados/', procedure: 'usuarios.clientesAsignados', input: idOnly, summary: 'Clientes asignados al usuario (el propio siempre)', tag },
  { method: 'get', path: '/usuarios/:id/cliente_actual/', procedure: 'usuarios.clienteActual', input: idOnly, summary: 'Cliente actual del usuario: `{clienteActual: null | {idCliente, nombre}}`', tag },
  { method: 'post', path: '/usuarios/:id/set_cliente_actual/', procedure: 'usuarios.setClienteActual', summary: 'Elegir el cliente actual (`cliente_id`, asignado y activo)', tag },
  { method: 'get', path: '/usuarios/:id/roles/', procedure: 'usuarios.roles', input: idOnly, summary: 'Roles del usuario', tag },
  { method: 'post', path: '/usuarios/:id/asignar_roles/', procedure: 'usuarios.asignarRoles', summary: 'Reemplazar los roles del usuario (`roles`: ids)', tag },
  ...crudRoutes('usuarios', '/usuarios/', tag, {
    list: { summary: 'Usuarios (arreglo); `search` filtra por usuario, nombre, apellido o correo, `is_active` por estado; con `?page=N`, la página {count, next, previous, results}', wholeUnlessPaged: true },
    create: 'Crear un usuario (verificado; activo por defecto)',
    get: 'Un usuario (el propio siempre; otros con permiso de ver usuarios)',
    patch: { summary: 'Modificar un usuario; contraseña opcional; `is_active: true` lo reactiva', procedure: 'usuarios.update' },
    delete: { summary: 'Desactivar un usuario (nunca se borra; no a uno mismo)', status: 204 },
  }),
];
