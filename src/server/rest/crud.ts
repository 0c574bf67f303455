import type { Request } from 'express';
import type { ProcedurePath, RestRoute } from './types';

/**
 * The input of an action that takes no fields (a toggle, a reset): the path's params, with the body's
 * keys beside them so the procedure's strict input refuses them (`{"foo": ["Campo no permitido."]}`)
 * after its permission check, instead of ignoring them. No body (or `null`) is just the params; a body
 * that is not an object reaches the schema as it is (400), as on every other write.
 */
export function bodyAndParams(req: Request): unknown {
  const body = req.body as unknown;
  const params = req.params as Record<string, string>;
  if (body === undefined || body === null) return { ...params };
  return typeof body === 'object' && !Array.isArray(body) ? { ...body, ...params } : body;
}

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
 * - path: '/divisas/' (the id param is ':id', passed alone to get and delete; a toggle's body keys go
 *   with it, for its strict input to refuse).
 * - an op given as a string is its summary.
 */
export function crudRoutes<NS extends string>(namespace: NS, path: string, tag: string, ops: OpsOf<NS>, idParam = 'id'): RestRoute[] {
  const idOnly = (req: Request) => ({ [idParam]: req.params[idParam] });
  const item = `${path}:${idParam}/`;
  const shape: [Op, RestRoute['method'], string, RestRoute['input'], number | undefined][] = [
    ['list', 'get', path, undefined, undefined],
    ['create', 'post', path, undefined, 201],
    ['toggle', 'post', `${item}toggle_active/`, bodyAndParams, undefined],
    ['get', 'get', item, idOnly, undefined],
    ['update', 'put', item, undefined, undefined],
    ['patch', 'patch', item, undefined, undefined],
    ['delete', 'delete', item, idOnly, undefined],
  ];
  const routes: RestRoute[] = [];
  for (const [op, method, routePath, input, defaultStatus] of shape) {
    const given = ops[op] as CrudOp | string | undefined;
    if (!given) continue;
    const spec: CrudOp = typeof given === 'string' ? { summary: given } : given;
    const status = spec.status ?? defaultStatus;
    routes.push({
      method,
      path: routePath,
      procedure: spec.procedure ?? (`${namespace}.${DEFAULT_PROC[op]}` as ProcedurePath),
      ...(input ? { input } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(spec.wholeUnlessPaged ? { wholeUnlessPaged: true } : {}),
      ...(spec.conflict ? { conflict: spec.conflict } : {}),
      summary: spec.summary,
      tag,
    });
  }
  return routes;
}
