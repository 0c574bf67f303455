const dateFmt = new Intl.DateTimeFormat('es-PY', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Asuncion' });

const NBSP = '\u00a0';

/**
 * Short Paraguayan date and time of an ISO timestamp. The time keeps "5:31 p. m." on one line (a
 * phone's narrow column used to break it into "5:31 p." and "m."); the date may still wrap after its comma.
 */
export const formatDateTime = (iso: string | Date) =>
  dateFmt
    .format(typeof iso === 'string' ? new Date(iso) : iso)
    .replace(/(\d)([ \u202f]?)([ap]\.)([ \u202f]?)(m\.)/, (_, hora: string, s1: string, a: string, s2: string, m: string) => `${hora}${s1 && NBSP}${a}${s2 && NBSP}${m}`);
