import type { Db } from '../index';

/** Demo terminals with real coordinates (DESIGN §4): Asunción, Ciudad del Este, Encarnación and Itá. */
export const DEMO_TAUSERS = [
  { codigo: 'TAU-ASU-01', nombre: 'Tauser Centro Asunción', direccion: 'Palma 452 esq. 14 de Mayo', ciudad: 'Asunción', departamento: 'Capital', latitud: '-25.282170', longitud: '-57.635560' },
  { codigo: 'TAU-ASU-02', nombre: 'Tauser Villa Morra', direccion: 'Av. Mariscal López 3794', ciudad: 'Asunción', departamento: 'Capital', latitud: '-25.290390', longitud: '-57.576470' },
  { codigo: 'TAU-CDE-01', nombre: 'Tauser Ciudad del Este', direccion: 'Av. Monseñor Rodríguez 120', ciudad: 'Ciudad del Este', departamento: 'Alto Paraná', latitud: '-25.509700', longitud: '-54.611100' },
  { codigo: 'TAU-ENC-01', nombre: 'Tauser Encarnación', direccion: 'Av. Irrazábal y Mcal. Estigarribia', ciudad: 'Encarnación', departamento: 'Itapúa', latitud: '-27.330560', longitud: '-55.866670' },
  { codigo: 'TAU-ITA-01', nombre: 'Tauser Itá', direccion: 'Ruta PY01 km 37', ciudad: 'Itá', departamento: 'Central', latitud: '-25.506390', longitud: '-57.364720' },
];

/** Idempotent: a terminal whose code exists (any case) is left as it is. */
export async function seedDemoTausers(db: Db) {
  const existing = new Set((await db.selectFrom('tausers').select('codigo').execute()).map((r) => r.codigo.toLowerCase()));
  const missing = DEMO_TAUSERS.filter((t) => !existing.has(t.codigo.toLowerCase()));
  if (missing.length) await db.insertInto('tausers').values(missing).execute();
}
