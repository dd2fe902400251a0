import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { fieldValidator, INPUT_DEBOUNCE_MS, type Rule } from '@podium/protocol';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/index.ts';

/** The rules of one field and the i18n key of the label its messages name. */
export interface FieldSpec {
  rules: readonly Rule[];
  label?: string;
}

export type FieldSpecs<V> = Partial<Record<keyof V & string, FieldSpec>>;

type Validators = Record<string, (value: unknown, values?: object) => string | null>;

/** Turns field specs into Mantine validators whose messages are in `language`. */
export function buildValidators<V>(
  specs: FieldSpecs<V>,
  language: 'en' | 'vi',
  translate: (key: string) => string,
): Validators {
  const validators: Validators = {};
  for (const [name, spec] of Object.entries(specs) as [string, FieldSpec | undefined][]) {
    if (!spec) continue;
    validators[name] = fieldValidator(
      spec.rules,
      language,
      spec.label ? translate(spec.label) : undefined,
    );
  }
  return validators;
}

/** The value at a dotted form path (`speakers.0.email`), undefined when a step is missing. */
function valueAt(path: string, values: unknown): unknown {
  let current = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A message set on a field with `setFieldError`, and the field's value at that moment. */
interface HeldError {
  value: unknown;
  message: ReactNode;
}

/**
 * A Mantine form validated by the shared rules of packages/protocol (spec §5): errors show on
 * blur, re-checks are debounced by 20 ms (spec §9), and messages follow the current language —
 * switching language re-validates the fields that show an error so they switch too.
 *
 * A message set with `form.setFieldError` (a server's answer, a check the rules cannot express)
 * stays until that field's value changes, it is cleared explicitly, or the form is validated as a
 * whole (a new submit). Without this, submitting blurs the field just typed in, and its debounced
 * blur validation, landing after a fast server answer, would wipe the server's message.
 * `specs` must be stable (a module constant).
 */
export function useAppForm<V extends Record<string, unknown>>(
  initialValues: V,
  specs: FieldSpecs<V>,
): UseFormReturnType<V> {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const held = useRef(new Map<string, HeldError>());
  const validators = useMemo(
    () => buildValidators(specs, language, (key) => t(key)),
    [specs, language, t],
  );
  // One form-level validator, so held messages also answer for fields that have no rules.
  const validate = useMemo(
    () =>
      (values: V): FormErrors => {
        const errors: FormErrors = {};
        for (const [path, check] of Object.entries(validators)) {
          const message = check(valueAt(path, values), values);
          if (message) errors[path] = message;
        }
        for (const [path, error] of held.current) {
          if (errors[path] == null && Object.is(valueAt(path, values), error.value)) {
            errors[path] = error.message;
          }
        }
        return errors;
      },
    [validators],
  );
  const forgetChanged = useCallback((values: V) => {
    for (const [path, error] of held.current) {
      if (!Object.is(valueAt(path, values), error.value)) held.current.delete(path);
    }
  }, []);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate,
    validateInputOnBlur: true,
    validateDebounce: INPUT_DEBOUNCE_MS,
    onValuesChange: forgetChanged,
  });
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    for (const path of Object.keys(form.errors)) form.validateField(path);
  }, [language, form]);

  const forgetAll = () => held.current.clear();
  return {
    ...form,
    setFieldError: (path, message) => {
      if (message == null || message === false) held.current.delete(path);
      else held.current.set(path, { value: valueAt(path, form.getValues()), message });
      form.setFieldError(path, message);
    },
    clearFieldError: (path) => {
      held.current.delete(path);
      form.clearFieldError(path);
    },
    clearErrors: () => {
      forgetAll();
      form.clearErrors();
    },
    setErrors: (errors) => {
      forgetAll();
      form.setErrors(errors);
    },
    // Mantine clears every error on these; a held message must not come back afterwards.
    setValues: (values) => {
      forgetAll();
      form.setValues(values);
    },
    initialize: (values) => {
      forgetAll();
      form.initialize(values);
    },
    reset: () => {
      forgetAll();
      form.reset();
    },
    // A whole-form validation starts a new attempt: the server answers it afresh.
    validate: () => {
      forgetAll();
      return form.validate();
    },
    onSubmit: (handleSubmit, handleValidationFailure) => {
      const submit = form.onSubmit(handleSubmit, handleValidationFailure);
      return (event) => {
        forgetAll();
        submit(event);
      };
    },
  };
}
