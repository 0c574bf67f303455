import { Field, Label, Switch } from '@headlessui/react';

/** An on/off switch with its label (Headless UI). */
export function Toggle({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  return (
    <Field className="flex items-center gap-3" disabled={disabled}>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition data-[checked]:bg-emerald-600 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
      >
        <span className="pointer-events-none mt-0.5 ml-0.5 inline-block h-5 w-5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-5" />
      </Switch>
      <Label className="text-sm font-medium text-slate-700">{label}</Label>
    </Field>
  );
}
