import '../../test/dom.ts';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { INPUT_DEBOUNCE_MS, rules, withMessage } from '@podium/protocol';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createQueryClient } from '../api/index.ts';
import { createI18n } from '../i18n/index.ts';
import { useAppForm, type FieldSpecs } from './useAppForm.ts';

interface Values extends Record<string, unknown> {
  name: string;
  /** No client rules: only messages set with setFieldError ever show on it. */
  note: string;
}

const specs: FieldSpecs<Values> = {
  name: { rules: [withMessage(rules.required(), 'name_required')] },
};

const TAKEN = 'That name is taken';

/** The form of the last render, for the test to act as the page's code would. */
const rendered: { form: UseFormReturnType<Values> | null } = { form: null };
function form(): UseFormReturnType<Values> {
  if (!rendered.form) throw new Error('form not rendered');
  return rendered.form;
}

function Fields({ form: f }: { form: UseFormReturnType<Values> }) {
  useEffect(() => {
    rendered.form = f;
  });
  return (
    <>
      <TextInput label="Name" {...f.getInputProps('name')} />
      <TextInput label="Note" {...f.getInputProps('note')} />
    </>
  );
}

function AppForm() {
  return <Fields form={useAppForm<Values>({ name: '', note: '' }, specs)} />;
}

/** Mantine's form with the same blur options, without the held messages. */
function PlainForm() {
  return (
    <Fields
      form={useForm<Values>({
        mode: 'controlled',
        initialValues: { name: '', note: '' },
        validateInputOnBlur: true,
        validateDebounce: INPUT_DEBOUNCE_MS,
      })}
    />
  );
}

function show(ui: React.ReactElement) {
  const i18n = createI18n('en');
  render(
    <AppProviders queryClient={createQueryClient()} i18n={i18n} env="test">
      {ui}
    </AppProviders>,
  );
  return i18n;
}

/** Past the debounced blur validation, with margin for a loaded machine. */
const settle = () =>
  act(() => new Promise<void>((resolve) => setTimeout(resolve, INPUT_DEBOUNCE_MS * 5)));

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Submitting blurs the field just typed in; a fast server answer lands before its check. */
function blurThenServerAnswers(label: string, path: 'name' | 'note', message: string) {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.blur(input);
  act(() => form().setFieldError(path, message));
}

afterEach(() => {
  cleanup();
  rendered.form = null;
});

describe('useAppForm: messages set with setFieldError', () => {
  it('the race is real: a plain Mantine form loses the message to the debounced blur check', async () => {
    show(<PlainForm />);
    type('Name', 'ann');
    blurThenServerAnswers('Name', 'name', TAKEN);
    expect(screen.getByText(TAKEN)).toBeTruthy();
    await settle();
    expect(screen.queryByText(TAKEN)).toBeNull();
  });

  it('survive the debounced blur validation of a field with rules', async () => {
    show(<AppForm />);
    type('Name', 'ann');
    blurThenServerAnswers('Name', 'name', TAKEN);
    await settle();
    expect(screen.getByText(TAKEN)).toBeTruthy();
    expect(form().errors).toEqual({ name: TAKEN });
    // Blurring again without editing keeps it too.
    fireEvent.blur(screen.getByLabelText('Name'));
    await settle();
    expect(screen.getByText(TAKEN)).toBeTruthy();
  });

  it('survive the debounced blur validation of a field without rules', async () => {
    show(<AppForm />);
    type('Name', 'ann');
    type('Note', 'hello');
    blurThenServerAnswers('Note', 'note', 'Too friendly');
    await settle();
    expect(screen.getByText('Too friendly')).toBeTruthy();
  });

  it('go away once the value changes, and do not come back when it is typed again', async () => {
    show(<AppForm />);
    type('Name', 'ann');
    blurThenServerAnswers('Name', 'name', TAKEN);
    await settle();
    type('Name', 'anna');
    expect(screen.queryByText(TAKEN)).toBeNull();
    type('Name', 'ann');
    fireEvent.blur(screen.getByLabelText('Name'));
    await settle();
    expect(screen.queryByText(TAKEN)).toBeNull();
    expect(form().errors).toEqual({});
  });

  it('leave the client rules working once the value changes', async () => {
    show(<AppForm />);
    type('Name', 'ann');
    blurThenServerAnswers('Name', 'name', TAKEN);
    await settle();
    type('Name', '');
    fireEvent.blur(screen.getByLabelText('Name'));
    await settle();
    expect(screen.queryByText(TAKEN)).toBeNull();
    expect(screen.getByText('Name is required')).toBeTruthy();
  });

  it('are dropped by a whole-form validation (a new submit), and by clearFieldError', async () => {
    show(<AppForm />);
    type('Name', 'ann');
    blurThenServerAnswers('Name', 'name', TAKEN);
    act(() => form().setFieldError('note', 'Too friendly'));
    await settle();
    let result: { hasErrors: boolean } | undefined;
    act(() => {
      result = form().validate();
    });
    expect(result?.hasErrors).toBe(false);
    expect(form().errors).toEqual({});

    act(() => form().setFieldError('name', TAKEN));
    act(() => form().clearFieldError('name'));
    fireEvent.blur(screen.getByLabelText('Name'));
    await settle();
    expect(screen.queryByText(TAKEN)).toBeNull();
  });

  it('stay when the language changes, while client messages switch language', async () => {
    const i18n = show(<AppForm />);
    type('Note', 'hello');
    blurThenServerAnswers('Note', 'note', 'Too friendly');
    fireEvent.blur(screen.getByLabelText('Name'));
    await settle();
    expect(screen.getByText('Name is required')).toBeTruthy();
    await act(() => i18n.changeLanguage('vi'));
    await settle();
    expect(screen.getByText('Tên là bắt buộc')).toBeTruthy();
    expect(screen.getByText('Too friendly')).toBeTruthy();
  });
});
