import { MSEL } from './messagesSelector';
/**
 * Spanish texts of the administration screens (users, roles, clients, categories, client selector),
 * shown by both server and client. Kept apart from messages.ts so each domain owns its texts.
 */
export const MA = {
  ...MSEL,
  // Users (spec 000 §5)
  firstNameMin: 'El nombre debe tener al menos 2 caracteres',
  lastNameMin: 'El apellido debe tener al menos 2 caracteres',
  cannotDeactivateSelf: 'No puede desactivar su propio usuario.',
  /** What the confirmation of Desactivar says a deactivation ends. */
  desactivarUsuario: 'Se cerrarán todas sus sesiones y no podrá ingresar hasta que se lo active de nuevo.',
  superuserOnly: 'Solo un superusuario puede modificar a otro superusuario.',
  outranked: 'Este usuario tiene permisos que usted no tiene: solo puede modificarlo quien los tenga todos.',
  cannotChangeOwnRoles: 'No puede modificar sus propios roles.',
  cannotChangeOwnClientes: 'No puede modificar sus propios clientes asignados.',
  roleExceedsOwnPerms: 'No puede asignar ni quitar roles con permisos que usted no tiene.',
  permsExceedOwn: 'No puede otorgar ni quitar permisos que usted no tiene.',
  roleOutranks: 'Este rol tiene permisos que usted no tiene: solo puede modificarlo quien los tenga todos.',
  ownRoleMfa: 'No puede cambiar la verificación en dos pasos de un rol que usted tiene.',
  clienteNotFound: (id: string) => `Cliente no encontrado: ${id}`,
  roleNotFound: (id: number) => `Rol no encontrado: ${id}`,
  clienteNotAssigned: 'El cliente no está asignado a este usuario.',
  clienteInactive: 'El cliente está inactivo.',

  // Clients (spec 000 §5)
  clienteNombreMin: 'El nombre debe tener al menos 2 caracteres',
  desactivarCliente: 'Nadie podrá crear ni pagar operaciones para este cliente hasta que se lo active de nuevo.',
  documentoFormat: 'Solo números, con un guion opcional (RUC)',
  telefonoFormat: 'Solo números, con un + inicial opcional',
  direccionMin: 'La dirección debe tener al menos 2 caracteres',
  categoriaInvalid: 'Seleccione una categoría válida',
  categoriaInactive: 'La categoría está inactiva.',
  cedulaTaken: 'Ya existe un cliente con esta cédula.',
  rucTaken: 'Ya existe un cliente con este RUC.',
  rucNotForPersonaFisica: 'Una persona física no tiene RUC.',
  cedulaNotForJuridica: 'Una persona jurídica no tiene cédula.',

  // Categories (spec 000 §5)
  categoriaNombreRequired: 'El nombre es obligatorio.',
  categoriaDescripcionRequired: 'La descripción es obligatoria.',
  descuentoRequired: 'El descuento es obligatorio.',
  descuentoMin: 'Debe ser mayor o igual a 0',
  descuentoMax: 'Debe ser menor o igual a 100',
  descuentoNumber: 'Ingrese un número válido',
  descuentoStep: 'Como máximo 2 decimales',
  categoriaNombreTaken: 'Ya existe una categoría con este nombre.',
  categoriaNombreLocked: 'El nombre no se puede modificar.',
  /** Not in the spec's catalogue (it lists only the create success); shown after an edit. */
  categoriaUpdated: 'Categoría actualizada con éxito!',

  // Roles
  roleNameTaken: 'Ya existe un rol con este nombre.',
  roleProtected: 'El rol Cliente lo asigna el registro de usuarios: no se puede eliminar ni renombrar.',
  permissionNotFound: (id: number) => `Permiso no encontrado: ${id}`,

  // Toasts and panel messages (spec 000 §8)
  toast: {
    usersLoadError: 'Error al cargar usuarios',
    userCreateError: 'Ha ocurrido un error al crear el usuario.',
    userUpdateError: 'Ha ocurrido un error al actualizar el usuario.',
    genericError: 'Ha ocurrido un error',
    userCreated: 'Usuario creado con éxito!',
    userUpdated: 'Usuario actualizado con éxito!',
    userDeleted: 'Usuario eliminado con éxito',
    userActivated: 'Usuario activado con éxito',
    rolesUpdateError: 'No se pudo actualizar los roles',
    clientesUpdateError: 'No se pudo actualizar los clientes',
    rolesLoadPanelError: 'Error cargando roles',
    clientesLoadPanelError: 'Error cargando clientes',
    rolesUpdated: 'Roles actualizados',
    clientesUpdated: 'Clientes asignados actualizados',
    clientesLoadError: 'Error al cargar clientes!',
    clienteCreateError: 'Error al crear cliente!',
    clienteUpdateError: 'Error al actualizar cliente',
    clienteDeactivateError: 'Error al desactivar cliente',
    clienteActivateError: 'Error al activar cliente',
    categoriasLoadErrorClientes: 'Error al cargar las categorías.',
    clienteCreated: 'Cliente registrado exitosamente!',
    clienteUpdated: 'Cliente actualizado exitosamente!',
    clienteDeactivated: 'Cliente desactivado exitosamente!',
    clienteActivated: 'Cliente activado exitosamente!',
    rolesOrPermsLoadError: 'Error cargando roles o permisos',
    roleCreateError: 'No se pudo crear el rol',
    roleUpdateError: 'No se pudo actualizar el rol',
    roleDeleteError: 'No se pudo eliminar el rol',
    roleCreated: 'Rol creado con éxito!',
    roleUpdated: 'Rol actualizado con éxito!',
    roleDeleted: 'Rol eliminado con éxito',
    categoriasLoadError: 'Error al cargar categorías',
    categoriaCreateError: 'Ha ocurrido un error al crear la categoría.',
    categoriaUpdateError: 'Ha ocurrido un error al actualizar la categoría.',
    categoriaInvalidId: 'ID de categoría no válido',
    categoriaToggleError: 'Ha ocurrido un error al cambiar estado de la categoría.',
    categoriaSaveError: 'Error al editar/crear la categoría',
    categoriaCreated: 'Categoría creada con éxito!',
    selectorFallback: 'Ocurrió un error',
  },

  // Client selector (spec 000 §2)
  selectorEmpty: 'No hay clientes asignados',
  selectorPlaceholder: 'Seleccionar cliente…',
} as const;
