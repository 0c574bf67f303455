import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

const LENGTH = 6;

/** Six single-digit boxes: focus moves forward on entry and back on backspace; pasting fills them all. */
export function CodeInput({ value, onChange }: { value: string[]; onChange: (digits: string[]) => void }) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const set = (i: number, digit: string) => {
    const next = [...value];
    next[i] = digit;
    onChange(next);
  };

  const onInput = (i: number, raw: string) => {
    const digit = raw.replace(/\D/g, '').slice(-1);
    set(i, digit);
    if (digit && i < LENGTH - 1) refs.current[i + 1]?.focus();
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      set(i - 1, '');
      refs.current[i - 1]?.focus();
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const digits = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, LENGTH).split('');
    if (!digits.length) return;
    e.preventDefault();
    onChange(Array.from({ length: LENGTH }, (_, i) => digits[i] ?? ''));
    refs.current[Math.min(digits.length, LENGTH - 1)]?.focus();
  };

  return (
    <div className="flex justify-center gap-2" role="group" aria-label="Código de verificación">
      {Array.from({ length: LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={`Dígito ${i + 1}`}
          value={value[i] ?? ''}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          className="h-12 w-11 min-w-0 shrink rounded-md border border-slate-300 text-center text-xl font-semibold focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600"
        />
      ))}
    </div>
  );
}
