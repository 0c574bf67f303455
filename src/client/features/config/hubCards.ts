import { P } from '../../../shared/permissions';

export interface HubCard {
  to: string;
  title: string;
  description: string;
  icon: string;
  /** View permission of the area; none means any logged-in user. */
  perm?: string;
  disabled?: boolean;
  /** Only for whoever acts for a client: hidden from staff with no client of their own, as in the navigation bar. */
  needsClient?: boolean;
}

/** The Configuraciones hub (spec 000 §2): one card per administration area. */
export const HUB_CARDS: HubCard[] = [
  { to: '/usuarios', title: 'Usuarios', description: 'Altas, roles y clientes asignados', icon: '👤', perm: P.viewUser },
  { to: '/clientes', title: 'Clientes', description: 'Personas y empresas que operan', icon: '🏢', perm: P.viewCliente },
  { to: '/divisas', title: 'Divisas', description: 'Monedas, denominaciones y límites', icon: '💱', perm: P.viewDivisa },
  { to: '/roles', title: 'Roles', description: 'Conjuntos de permisos', icon: '🛡️', perm: P.viewGroup },
  { to: '/categorias-clientes', title: 'Categorías de clientes', description: 'Descuentos por categoría', icon: '🏷️', perm: P.viewCategoria },
  { to: '/cotizaciones', title: 'Cotizaciones', description: 'Precios y comisiones del día', icon: '📈', perm: P.viewTasa },
  { to: '/metodos-financieros', title: 'Métodos financieros', description: 'Catálogos e instancias de la casa', icon: '🏦', perm: P.viewMetodo },
  { to: '/metodos-financieros-cliente', title: 'Mis métodos financieros', description: 'Tus cuentas, billeteras y tarjetas', icon: '💳', needsClient: true },
  { to: '/reportes', title: 'Reportes', description: 'Ganancias, volúmenes y stock de las terminales', icon: '📊', perm: P.viewReporte },
  { to: '/configuracion-tausers', title: 'Tausers', description: 'Terminales de autoservicio', icon: '🏧', perm: P.viewTauser },
  { to: '/configuraciones/documentos', title: 'Documentos', description: 'Próximamente', icon: '📄', disabled: true },
];
