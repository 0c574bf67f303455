import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

type Props = { id?: string; children?: ReactNode; 'aria-describedby'?: string; 'aria-invalid'?: unknown };

/**
 * Gives the control whose id is `htmlFor` (the child, or one inside a plain element such as a wrapping
 * div) `aria-invalid` and `aria-describedby` pointing at the error text, keeping any description it has.
 */
function linkControl(node: ReactNode, htmlFor: string, errorId: string | undefined): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<Props>(child)) return child;
    if (child.props.id === htmlFor) {
      const described = [child.props['aria-describedby'], errorId].filter(Boolean).join(' ') || undefined;
      return cloneElement(child as ReactElement<Props>, { 'aria-invalid': errorId ? true : child.props['aria-invalid'], 'aria-describedby': described });
    }
    // Only into host elements (div, span…): a component's children are its own business.
    if (typeof child.type === 'string' && child.props.children != null) {
      return cloneElement(child as ReactElement<Props>, undefined, linkControl(child.props.children, htmlFor, errorId));
    }
    return child;
  });
}

/**
 * A labelled control with its error. The error is the control's description (`aria-describedby`) and
 * marks it `aria-invalid`; it is not an alert: an empty submit would otherwise announce every field at
 * once. react-hook-form focuses the first invalid field on submit (`shouldFocusError`), and a screen
 * reader then reads its error with it.
 */
export function FormField({ label, htmlFor, error, children }: { label: string; htmlFor: string; error?: string; children: ReactNode }) {
  const errorId = error ? `${htmlFor}-error` : undefined;
  return (
    <div>
      <label className="label" htmlFor={htmlFor}>
        {label}
      </label>
      {linkControl(children, htmlFor, errorId)}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
