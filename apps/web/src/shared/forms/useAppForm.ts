import { useEffect, useMemo, useRef } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
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

/**
 * A Mantine form validated by the shared rules of packages/protocol (spec §5): errors show on
 * blur, re-checks are debounced by 20 ms (spec §9), and messages follow the current language —
 * switching language re-validates the fields that show an error so they switch too.
 * `specs` must be stable (a module constant).
 */
export function useAppForm<V extends Record<string, unknown>>(
  initialValues: V,
  specs: FieldSpecs<V>,
): UseFormReturnType<V> {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const validate = useMemo(
    () => buildValidators(specs, language, (key) => t(key)),
    [specs, language, t],
  );
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    // Mantine's validate type is a deep per-field mapping; ours is keyed by the same names.
    validate: validate as never,
    validateInputOnBlur: true,
    validateDebounce: INPUT_DEBOUNCE_MS,
  });
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    for (const path of Object.keys(form.errors)) form.validateField(path);
  }, [language, form]);
  return form;
}
