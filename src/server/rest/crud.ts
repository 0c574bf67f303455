import type { Request } from 'express';
import type { ProcedurePath, RestRoute } from './types';

/** One operation of a resource: its summary, and optionally another procedure or status. */
export interface CrudOp {
  summary: string;
  procedure?: ProcedurePath;
  status?: number;
  /** The list answers an array unless `?page` is asked (RestRoute.wholeUnlessPaged). */
  wholeUnlessPaged?: boolean;
  /** RestRoute.conflict: when the answer may be 409. */
  conflict?: string;
}

type Op = 'list' | 'create' | 'toggle' | 'get' | 'update' | 'patch' | 'delete';

/** The default procedure of each operation under the namespace (`divisas.list`, `divisas.toggleActive`…). */
const DEFAULT_PROC = { list: 'list', create: 'create', toggle: 'toggleActive', get: 'get', update: 'update', patch: 'patch', delete: 'deactivate' } as const;
type DefaultProc = typeof DEFAULT_PROC;

/** Only operations whose default procedure exists may omit `procedure`. */
type OpsOf<NS extends string> = {
  [O in Op]?: `${NS}.${DefaultProc[O]}` extends ProcedurePath ? CrudOp | string : CrudOp & { procedure: ProcedurePath };
};

/**
 * The list/create/read/update/patch/toggle/delete shape every resource repeats, in an order where
 * deeper paths are matched first. Fixed sub-paths ('/divisas/sin_tasa/') go before these routes.
 * - path: '/divisas/' (the id param is ':id', passed alone to get, toggle and delete).
 * - an op given as a string is its summary.
 */
export function crudRoutes<NS extends string>(namespace: NS, path: string, tag: string, ops: OpsOf<NS>, idParam = 'id'): RestRoute[] {
  const idOnly = (req: Request) => ({ [idParam]: req.params[idParam] });
  const item = `${path}:${idParam}/`;
  const shape: [Op, RestRoute['method'], string, boolean, number | undefined][] = [
    ['list', 'get', path, false, undefined],
    ['create', 'post', path, false, 201],
    ['toggle', 'post', `${item}toggle_active/`, true, undefined],
    ['get', 'get', item, true, undefined],
    ['update', 'put', item, false, undefined],
    ['patch', 'patch', item, false, undefined],
    ['delete', 'delete', item, true, undefined],
  ];
  const routes: RestRoute[] = [];
  for (const [op, method, routePath, byIdOnly, defaultStatus] of shape) {
    const given = ops[op] as CrudOp | string | undefined;
    if (!given) continue;
    const spec: CrudOp = typeof given === 'string' ? { summary: given } : given;
    const status = spec.status ?? defaultStatus;
    routes.push({
      method,
      path: routePath,
      procedure: spec.procedure ?? (`${namespace}.${DEFAULT_PROC[op]}` as ProcedurePath),
      ...(byIdOnly ? { input: idOnly } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(spec.wholeUnlessPaged ? { wholeUnlessPaged: true } : {}),
      ...(spec.conflict ? { conflict: spec.conflict } : {}),
      summary: spec.summary,
      tag,
    });
  }
  return routes;
}
