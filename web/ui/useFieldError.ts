import { useEffect, useId, useRef, useState } from 'react';

/** A form's error, and the `name`s of the fields it is about: none when no field holds the fault (an expired link, no network). */
export interface FieldError<Name extends string> {
  message: string;
  fields: readonly Name[];
}

/**
 * A form's error tied to its fields, as Account Settings and the linking page do it: each field at
 * fault says so (aria-invalid) and is described by the error, so a screen reader says it again
 * there; and the first of them takes the focus, which would otherwise stay on the button, away
 * from what needs fixing. An error no field holds leaves the focus where it is: its alert is read
 * out anyway. Give the form `form` as its ref and `errorId` to FormMessage, and spread
 * `fieldProps(name)` on each field (it sets the name the focus finds it by).
 */
export function useFieldError<Name extends string>() {
  const [error, setError] = useState<FieldError<Name> | null>(null);
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  // Each new error object focuses again: the same mistake twice still brings the user back to it.
  useEffect(() => {
    const first = error?.fields[0];
    const field = first === undefined ? null : form.current?.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
  }, [error]);
  const fieldProps = (name: Name) => {
    const invalid = error?.fields.includes(name) ?? false;
    return { name, 'aria-invalid': invalid, 'aria-describedby': invalid ? errorId : undefined };
  };
  return { error, setError, errorId, form, fieldProps };
}
