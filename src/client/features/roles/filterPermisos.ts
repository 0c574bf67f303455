import { matches } from '../../lib/text';
import type { PermisoRecord } from '../../../shared/schemas/roles';

/** The permissions whose name, codename, app label or Spanish name contain the search (spec 000 §2). */
export const filterPermisos = (permisos: PermisoRecord[], search: string) =>
  permisos.filter((p) => matches(search, p.name, p.codename, p.app_label, p.name_es));
