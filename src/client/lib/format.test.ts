import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('short es-PY date and time in Asunción', () => {
    expect(formatDateTime('2026-11-29T20:31:00Z').replace(/\s/g, ' ')).toBe('29/11/26, 5:31 p. m.');
    expect(formatDateTime(new Date('2026-11-29T11:05:00Z')).replace(/\s/g, ' ')).toBe('29/11/26, 8:05 a. m.');
  });

  it('keeps the time and its "p. m." on one line: no breaking space inside, only after the date', () => {
    const t = formatDateTime('2026-11-29T20:31:00Z');
    expect(t).toMatch(/^29\/11\/26, 5:31\u00a0p\.\u00a0m\.$/);
    expect(t.match(/ /g)).toHaveLength(1);
  });
});
