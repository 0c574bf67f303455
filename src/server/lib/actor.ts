/** The signed-in user as the transport found them (token → row). */
export interface AuthUser {
  id: number;
  username: string;
  isSuperuser: boolean;
}

/** Who is acting: what services need to decide, without knowing of HTTP or tRPC. */
export interface Actor {
  id: number;
  isSuperuser: boolean;
  perms: ReadonlySet<string>;
}
