import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { fieldValidator, INPUT_DEBOUNCE_MS } from '@podium/protocol';
import { useLanguage, useTranslation } from '../i18n/index.ts';
import type { FieldSpec } from './useAppForm.ts';

/** A message set from outside the rules (a server's answer) and the value it was given for. */
interface HeldError {
  value: string;
  message: string;
}

/**
 * One text field that behaves as useAppForm's fields do (the shared rules of packages/protocol,
 * checked INPUT_DEBOUNCE_MS after leaving the field and on `validate`, the message gone while
 * typing and in the current language), in a few lines of state instead of @mantine/form, which is
 * 6 KB gzip of a page's first load (issue 11). For pages whose first load counts (/app, /j/{alias}).
 *
 * `context` is what the rules see as the other values (e.g. whether the person is a guest).
 * `spec` must be stable (a module constant). `props` spread onto a Mantine input.
 */
export function useField(spec: FieldSpec, initial = '', context: object = {}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [value, setValue] = useState(initial);
  // Whether the rules' message shows: set on leaving the field and by `validate`, cleared by
  // typing. The message itself is worked out on each render, so it follows a change of language.
  const [checked, setChecked] = useState(false);
  const [held, setHeld] = useState<HeldError | null>(null);
  const check = useMemo(
    () => fieldValidator(spec.rules, language, spec.label ? t(spec.label) : undefined),
    [spec, language, t],
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setValue(next);
    setChecked(false);
    setHeld(null);
  };
  // A held message stands while the value it was given for does (a late blur check keeps it).
  const error =
    (checked ? check(value, context) : null) ??
    (held && held.value === value ? held.message : null);
  return {
    value,
    /** Sets the value as typing would (its message goes). */
    setValue: change,
    /** Checks the value now and shows its message: true when it passes the rules. */
    validate: (): boolean => {
      clearTimeout(timer.current);
      setChecked(true);
      return check(value, context) === null;
    },
    /** Shows `message` until the value changes; null clears whatever message shows. */
    setError: (message: string | null) => {
      if (message === null) {
        clearTimeout(timer.current);
        setChecked(false);
      }
      setHeld(message === null ? null : { value, message });
    },
    props: {
      value,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(event.currentTarget.value),
      onBlur: () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setChecked(true), INPUT_DEBOUNCE_MS);
      },
    },
  };
}

export type FieldState = ReturnType<typeof useField>;
