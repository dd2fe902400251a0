import { PASSWORD_MAX, PASSWORD_MIN, rules, withMessage, type Rule } from '@podium/protocol';
import type { FieldSpecs } from '../../shared/forms/useAppForm.ts';
import { bothLanguages } from '../../shared/i18n/index.ts';

const NAME_MAX = 100;
const newPassword: Rule[] = [rules.required(), rules.min(PASSWORD_MIN), rules.max(PASSWORD_MAX)];

export interface NameValues extends Record<string, unknown> {
  fullName: string;
  firstName: string;
  lastName: string;
  company: string;
}

/** The display name is what others see in calls, so it may not be emptied (spec §5). */
export const nameFields: FieldSpecs<NameValues> = {
  fullName: {
    rules: [withMessage(rules.required(), 'display_name_required'), rules.max(NAME_MAX)],
    label: 'settings.profile.fullName',
  },
  firstName: { rules: [rules.max(NAME_MAX)], label: 'settings.profile.firstName' },
  lastName: { rules: [rules.max(NAME_MAX)], label: 'settings.profile.lastName' },
  company: { rules: [rules.max(NAME_MAX)], label: 'settings.profile.company' },
};

export interface ChangePasswordValues extends Record<string, unknown> {
  current: string;
  password: string;
  confirm: string;
}

export const changePasswordFields: FieldSpecs<ChangePasswordValues> = {
  current: {
    rules: [rules.required(), rules.max(PASSWORD_MAX)],
    label: 'settings.password.current',
  },
  password: { rules: newPassword, label: 'settings.password.new' },
  confirm: {
    rules: [rules.required(), rules.confirm('password', bothLanguages('settings.password.new'))],
    label: 'settings.password.confirm',
  },
};

export interface SetPasswordValues extends Record<string, unknown> {
  password: string;
  confirm: string;
}

export const setPasswordFields: FieldSpecs<SetPasswordValues> = {
  password: { rules: newPassword, label: 'settings.password.password' },
  confirm: {
    rules: [
      rules.required(),
      rules.confirm('password', bothLanguages('settings.password.password')),
    ],
    label: 'settings.password.confirm',
  },
};
