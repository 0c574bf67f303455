/**
 * Where a request input holds a text with the NUL character (U+0000), which PostgreSQL cannot store
 * in `text`: the dotted paths, as field errors name them ('non_field_errors' for the input itself).
 */
export function nulPaths(value: unknown, path: string[] = [], out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path.length ? path.join('.') : 'non_field_errors');
  } else if (value && typeof value === 'object' && depth < 32) {
    for (const [k, v] of Object.entries(value)) nulPaths(v, [...path, k], out, depth + 1);
  }
  return out;
}
