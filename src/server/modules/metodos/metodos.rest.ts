import type { Request } from 'express';
import type { RestRoute } from '../../rest/types';
import { bodyAndParams, crudRoutes } from '../../rest/crud';
import { isPlainObject } from '../../rest/echo';

const tag = 'Métodos financieros';
const B = '/operaciones';

/** Spec 001 §7 "Financial methods (base /api/operaciones/)". */
export const metodosRoutes: RestRoute[] = [
  { method: 'get', path: `${B}/opciones-catalogo/`, procedure: 'metodos.opciones', input: () => undefined, summary: 'Bancos, billeteras y marcas activas (para los formularios de instancias)', tag },
  {
    method: 'post', path: `${B}/metodos/:id/toggle_active/`, procedure: 'metodos.toggleActive', tag,
    input: (req: Request) => {
      // A body that is not an object reaches the strict input as it is (400), never read as no body.
      const input = bodyAndParams(req);
      return isPlainObject(input) && req.query.instancia ? { ...input, instancia: req.query.instancia } : input;
    },
    summary:
      'Activar o desactivar un método; con {"instancia": true} (o ?instancia=true) el id es de un detalle y se cambia esa instancia, ' +
      'como también sin indicarlo si quien no puede cambiar métodos nombra una instancia de un cliente suyo (la llamada de la especificación); {"instancia": false}: el método',
    conflict: 'conflict: con instancia, reactivar una instancia que desactivó su catálogo, o cuyo catálogo está inactivo',
  },
  ...crudRoutes('metodos', `${B}/metodos/`, tag, {
    list: 'Métodos financieros: ?search, ?page, ?is_active; ?all=true da una lista',
    create: 'Crear un método financiero',
    get: 'Un método financiero',
    update: 'Modificar un método financiero; {"is_active": true} lo reactiva',
    delete: 'Desactivar un método financiero',
  }),
  ...crudRoutes('metodos.bancos', `${B}/bancos/`, tag, {
    list: 'Bancos: ?search, ?page, ?is_active; ?all=true da una lista',
    create: 'Crear un banco',
    toggle: 'Activar o desactivar un banco (sus cuentas lo siguen: affected_instances)',
    get: 'Un banco',
    update: 'Modificar un banco',
  }),
  ...crudRoutes('metodos.billeterasCatalogo', `${B}/billeteras-catalogo/`, tag, {
    list: 'Billeteras digitales del catálogo: ?search, ?page, ?is_active; ?all=true',
    create: 'Crear una billetera del catálogo',
    toggle: 'Activar o desactivar una billetera del catálogo (affected_instances)',
    get: 'Una billetera del catálogo',
    update: 'Modificar una billetera del catálogo',
  }),
  ...crudRoutes('metodos.tarjetasCatalogo', `${B}/tarjetas-catalogo/`, tag, {
    list: 'Marcas de tarjeta: ?search, ?page, ?is_active; ?all=true',
    create: 'Crear una marca de tarjeta',
    toggle: 'Activar o desactivar una marca (affected_instances)',
    get: 'Una marca de tarjeta',
    update: 'Modificar una marca de tarjeta',
  }),
  ...crudRoutes('metodos.cuentas', `${B}/cuentas-bancarias/`, tag, {
    list: 'Cuentas bancarias visibles: ?search, ?page, ?cliente, ?es_cuenta_casa, ?is_active; ?all=true',
    create: 'Crear la cuenta de un detalle (metodo_financiero_detalle)',
    get: 'Una cuenta bancaria',
    update: { summary: 'Modificar una cuenta bancaria (y su alias): cambia los campos enviados; 404 y 403 antes de validar', conflict: 'conflict: la instancia la desactivó su catálogo' },
  }),
  ...crudRoutes('metodos.billeteras', `${B}/billeteras-digitales/`, tag, {
    list: 'Billeteras digitales visibles: ?search, ?page, ?cliente, ?es_cuenta_casa, ?is_active; ?all=true',
    create: 'Crear la billetera de un detalle',
    get: 'Una billetera digital',
    update: { summary: 'Modificar una billetera digital (y su alias): cambia los campos enviados; 404 y 403 antes de validar', conflict: 'conflict: la instancia la desactivó su catálogo' },
  }),
  ...crudRoutes('metodos.tarjetas', `${B}/tarjetas/`, tag, {
    list: 'Tarjetas visibles: ?search, ?page, ?cliente, ?is_active; ?all=true',
    create: 'Registrar una tarjeta (sin número ni CVV: solo últimos 4, vencimiento y titular)',
    get: 'Una tarjeta',
    update: { summary: 'Modificar una tarjeta: cambia los campos enviados; 404 y 403 antes de validar', conflict: 'conflict: la instancia la desactivó su catálogo' },
  }),
  ...crudRoutes('metodos.detalles', `${B}/detalles/`, tag, {
    list: 'Detalles: el personal ve las instancias de la casa (con ?cliente las de un cliente, con ?es_cuenta_casa=false las de clientes); un cliente, las de sus clientes. ?search, ?page, ?is_active; ?all=true',
    create: 'Crear un detalle (cliente, es_cuenta_casa, metodo_financiero, alias, is_active); responde el detalle y data.id, el metodo_financiero_detalle de la cuenta, billetera o tarjeta',
    toggle: { summary: 'Activar o desactivar una instancia (por su detalle)', conflict: 'conflict: la desactivó su catálogo, o el catálogo está inactivo' },
    get: 'Un detalle',
    update: { summary: 'Modificar alias o estado de un detalle (cambia los campos enviados)', conflict: 'conflict: la instancia la desactivó su catálogo, o su catálogo está inactivo' },
  }),
];
