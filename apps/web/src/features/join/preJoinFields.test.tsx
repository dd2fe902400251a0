import '../../test/dom.ts';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PasswordInput, TextInput } from '@mantine/core';
import { eventMessages, INPUT_DEBOUNCE_MS } from '@podium/protocol';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createQueryClient } from '../../shared/api/index.ts';
import { changeLanguage, createI18n, useTranslation } from '../../shared/i18n/index.ts';
import { useField, type FieldState } from '../../shared/forms/useField.ts';
import { preJoinFields } from './fields.ts';

/** The passcode field of the last render, for the test to act as usePreJoin does. */
const rendered: { passcode: FieldState | null } = { passcode: null };
function passcode(): FieldState {
  if (!rendered.passcode) throw new Error('fields not rendered');
  return rendered.passcode;
}

/** The pre-join page's two fields as usePreJoin makes them, for a guest at a passcode event. */
function PreJoinFields() {
  const { t } = useTranslation();
  const context = { guest: true, askPasscode: true };
  const name = useField(preJoinFields.displayName, '', context);
  const code = useField(preJoinFields.passcode, '', context);
  useEffect(() => {
    rendered.passcode = code;
  });
  return (
    <>
      <TextInput label={t('join.prejoin.displayName')} required {...name.props} />
      <PasswordInput label={t('join.prejoin.passcode')} required {...code.props} />
    </>
  );
}

function show() {
  const i18n = createI18n('en');
  render(
    <AppProviders queryClient={createQueryClient()} i18n={i18n} env="test">
      <PreJoinFields />
    </AppProviders>,
  );
  return i18n;
}

/** Past the debounced blur check, with margin for a loaded machine. */
const settle = () =>
  act(() => new Promise<void>((resolve) => setTimeout(resolve, INPUT_DEBOUNCE_MS * 5)));

afterEach(() => {
  cleanup();
  rendered.passcode = null;
});

describe('pre-join fields (without @mantine/form)', () => {
  it('check the name on leaving it, drop the message while typing, in the current language', async () => {
    const i18n = show();
    const name = screen.getByLabelText('Your name', { exact: false });
    fireEvent.blur(name);
    expect(screen.queryByText('Name is required')).toBeNull();
    await settle();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'A' } });
    expect(screen.queryByText('Name is required')).toBeNull();
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.blur(name);
    await settle();
    await act(() => changeLanguage('vi', i18n));
    expect(await screen.findByText('Tên là bắt buộc')).toBeTruthy();
    expect(screen.getByLabelText('Tên của bạn', { exact: false })).toBe(name);
    expect(screen.getByLabelText('Mật khẩu', { exact: false, selector: 'input' })).toBeTruthy();
  });

  it('validate() shows the rules message at once and says whether the value passes', async () => {
    show();
    let passes = true;
    act(() => {
      passes = passcode().validate();
    });
    expect(passes).toBe(false);
    expect(screen.getByText('Please enter the passcode')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Passcode', { exact: false, selector: 'input' }), {
      target: { value: '1234' },
    });
    act(() => {
      passes = passcode().validate();
    });
    expect(passes).toBe(true);
    expect(screen.queryByText('Please enter the passcode')).toBeNull();
  });

  it("keep the server's refusal of the passcode through the blur check, until the value changes", async () => {
    show();
    const refused = eventMessages['errors.invalid_passcode'].en;
    const field = screen.getByLabelText('Passcode', { exact: false, selector: 'input' });
    fireEvent.change(field, { target: { value: '1234' } });
    // Submitting blurs the field; the server's answer lands before the debounced check.
    fireEvent.blur(field);
    act(() => passcode().setError(refused));
    await settle();
    expect(screen.getByText(refused)).toBeTruthy();
    fireEvent.change(field, { target: { value: '12345' } });
    expect(screen.queryByText(refused)).toBeNull();
    fireEvent.change(field, { target: { value: '1234' } });
    fireEvent.blur(field);
    await settle();
    expect(screen.queryByText(refused)).toBeNull();
  });

  it('setError(null) clears whatever message shows (the modal opened again)', async () => {
    show();
    act(() => {
      passcode().validate();
    });
    expect(screen.getByText('Please enter the passcode')).toBeTruthy();
    act(() => passcode().setError(null));
    expect(screen.queryByText('Please enter the passcode')).toBeNull();
  });
});
