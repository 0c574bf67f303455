import type { Migration } from 'kysely';
import * as foundation from './2026112201_foundation';
import * as divisasCotizaciones from './2026112202_divisas_cotizaciones';
import * as admin from './2026112205_admin';
import * as metodos from './2026112406_metodos';
import * as conteos from './2026112416_conteos';
import * as tausers from './2026112407_tausers';
import * as transacciones from './2026112408_transacciones';
import * as hardening from './2026112413_hardening';
import * as terminal from './2026112415_terminal';
import * as avisosPrecios from './2026112417_avisos_precios';
import * as avisosAcceso from './2026112418_avisos_acceso';
import * as avisosClientes from './2026112419_avisos_clientes';
import * as listasPorEstado from './2026112420_listas_por_estado';
import * as avisosDirectorio from './2026112421_avisos_directorio';
import * as avisosOperaciones from './2026112422_avisos_operaciones';
import * as conteoPorSentencia from './2026112423_conteo_por_sentencia';
import * as avisosSoloPrecios from './2026112600_avisos_solo_precios';
import * as segundoFactor from './2026112601_segundo_factor';
import * as reportes from './2026112620_reportes';
import * as apellidoAdmin from './2026112700_apellido_admin';
import * as cvuBancoUnico from './2026112800_cvu_banco_unico';
import * as busquedaSinAcentos from './2026112900_busqueda_sin_acentos';
import * as reservaBilletes from './2026113000_reserva_billetes';
import * as bloqueoDePersonal from './2026113001_bloqueo_de_personal';
import * as cierreDeSesionTerminal from './2026113010_cierre_de_sesion_terminal';
import * as planDePago from './2026113020_plan_de_pago';

/** Every migration, in order. Names are timestamps so they sort the way they run. */
export const migrations: Record<string, Migration> = {
  '2026112201_foundation': foundation,
  '2026112202_divisas_cotizaciones': divisasCotizaciones,
  '2026112205_admin': admin,
  '2026112406_metodos': metodos,
  '2026112407_tausers': tausers,
  '2026112408_transacciones': transacciones,
  '2026112413_hardening': hardening,
  '2026112415_terminal': terminal,
  '2026112416_conteos': conteos,
  '2026112417_avisos_precios': avisosPrecios,
  '2026112418_avisos_acceso': avisosAcceso,
  '2026112419_avisos_clientes': avisosClientes,
  '2026112420_listas_por_estado': listasPorEstado,
  '2026112421_avisos_directorio': avisosDirectorio,
  '2026112422_avisos_operaciones': avisosOperaciones,
  '2026112423_conteo_por_sentencia': conteoPorSentencia,
  '2026112600_avisos_solo_precios': avisosSoloPrecios,
  '2026112601_segundo_factor': segundoFactor,
  '2026112620_reportes': reportes,
  '2026112700_apellido_admin': apellidoAdmin,
  '2026112800_cvu_banco_unico': cvuBancoUnico,
  '2026112900_busqueda_sin_acentos': busquedaSinAcentos,
  '2026113000_reserva_billetes': reservaBilletes,
  '2026113001_bloqueo_de_personal': bloqueoDePersonal,
  '2026113010_cierre_de_sesion_terminal': cierreDeSesionTerminal,
  '2026113020_plan_de_pago': planDePago,
};
