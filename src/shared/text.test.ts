import { describe, expect, it } from 'vitest';
import { cleanText, textProblem } from './text';
import { requiredMultilineText, requiredText, idParam } from './schemas/common';
import { text } from './schemas/fields';
import { MS } from './messagesSecurity';

describe('textProblem', () => {
  it('accepts ordinary text, accents, emoji and other scripts', () => {
    for (const v of ['Juan Pérez', 'Ñandutí 123', 'Av. España c/ Brasil', '💱 Cambio', '日本語', 'Ελληνικά', "O'Higgins"]) {
      expect(textProblem(v), v).toBeNull();
    }
  });

  it('refuses CR, LF, NUL, tab, DEL, C1 controls and line separators in a single-line text', () => {
    for (const c of ['\r', '\n', '\u0000', '\t', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029']) {
      expect(textProblem(`a${c}b`), JSON.stringify(c)).toBe('control');
    }
  });

  it('a multi-line text keeps LF, CR LF and tabs but no lone CR or other controls', () => {
    for (const v of ['a\nb', 'a\r\nb', 'a\tb']) expect(textProblem(v, true), JSON.stringify(v)).toBeNull();
    for (const v of ['a\rb', 'a\u0000b', 'a\u0085b', 'a\u000bb']) expect(textProblem(v, true), JSON.stringify(v)).toBe('control');
  });

  it('refuses unpaired surrogates, accepts paired ones', () => {
    expect(textProblem('a\uD800b')).toBe('surrogate');
    expect(textProblem('a\uDC00b')).toBe('surrogate');
    expect(textProblem('\uDBFF')).toBe('surrogate');
    expect(textProblem('\uD83D\uDCB1')).toBeNull();
  });
});

describe('the schema helpers use it', () => {
  const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('requiredText, text() and cleanText refuse before trimming, with a field message', () => {
    for (const schema of [requiredText(), text({ max: 50 }), cleanText().trim()]) {
      expect(message(schema.safeParse('Juan\n'))).toBe(MS.controlChars);
      expect(message(schema.safeParse('\u0000'))).toBe(MS.controlChars);
      expect(message(schema.safeParse('x\uD800'))).toBe(MS.badUnicode);
      expect(schema.parse('  Juan  ')).toBe('Juan');
    }
  });

  it('requiredMultilineText keeps line breaks', () => {
    expect(requiredMultilineText().parse('uno\ndos')).toBe('uno\ndos');
    expect(message(requiredMultilineText().safeParse('uno\u0000'))).toBe(MS.controlCharsMultiline);
  });

  it('ids are canonical decimals: 09, 1e3, +9, 9.0 or 0x9 are not 9 or 1000', () => {
    expect(idParam.parse('9')).toBe(9);
    expect(idParam.parse('1000')).toBe(1000);
    for (const v of ['09', '1e3', '+9', '9.0', '0x9', ' 9', '9 ', '0', '-1', '']) expect(idParam.safeParse(v).success, v).toBe(false);
  });
});
