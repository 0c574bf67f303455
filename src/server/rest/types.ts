import type { Request } from 'express';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One REST path of the spec, served by one tRPC procedure. */
export interface RestRoute {
  method: HttpMethod;
  /** Express-style path under /api, with the spec's trailing slash: '/usuarios/:id/roles/'. */
  path: string;
  /** Dotted procedure path on the app router: 'usuarios.get'. */
  procedure: string;
  /** Builds the procedure input; by default path params merged over the query (GET) or the body. */
  input?: (req: Request) => unknown;
  /** Success status (default 200; 204 sends no body). */
  status?: number;
  summary: string;
  tag: string;
  /** No bearer token needed. */
  public?: boolean;
}
