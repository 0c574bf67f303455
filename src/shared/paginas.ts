/** The highest `?page=N` a list takes (the server refuses more; the client asks for it at most). */
export const MAX_PAGE = 1_000_000_000;
