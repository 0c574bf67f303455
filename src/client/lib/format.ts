const dateFmt = new Intl.DateTimeFormat('es-PY', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Asuncion' });

/** Short Paraguayan date and time of an ISO timestamp. */
export const formatDateTime = (iso: string | Date) => dateFmt.format(typeof iso === 'string' ? new Date(iso) : iso);
