import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  rules,
  VERIFY_CODE_LENGTH,
  withMessage,
  type Rule,
} from '@podium/protocol';
import type { FieldSpecs } from '../../shared/forms/useAppForm.ts';
import { bothLanguages } from '../../shared/i18n/index.ts';
import { parseJoinInput } from './joinInput.ts';

const password: Rule[] = [rules.required(), rules.min(PASSWORD_MIN), rules.max(PASSWORD_MAX)];
const code: Rule[] = [
  withMessage(rules.required(), 'verify_code_required'),
  withMessage(rules.matches(new RegExp(`^[0-9]{${VERIFY_CODE_LENGTH}}$`)), 'invalid_activate_code'),
];

export interface LoginValues extends Record<string, unknown> {
  identifier: string;
  password: string;
}

export const loginFields: FieldSpecs<LoginValues> = {
  identifier: { rules: [rules.required(), rules.max(254)], label: 'auth.fields.identifier' },
  password: { rules: [rules.required(), rules.max(PASSWORD_MAX)], label: 'auth.fields.password' },
};

export interface SignupValues extends Record<string, unknown> {
  email: string;
  phone: string;
  username: string;
  fullName: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
}

export const signupFields: FieldSpecs<SignupValues> = {
  email: { rules: [rules.required(), rules.email()], label: 'auth.fields.email' },
  phone: { rules: [rules.matches(/^\+?[0-9]{6,15}$/)], label: 'auth.fields.phone' },
  username: {
    rules: [rules.length(3, 32), rules.matches(/^[A-Za-z0-9._-]+$/)],
    label: 'auth.fields.username',
  },
  fullName: {
    rules: [withMessage(rules.required(), 'name_required'), rules.max(100)],
    label: 'auth.fields.fullName',
  },
  password: { rules: password, label: 'auth.fields.password' },
  confirmPassword: {
    rules: [rules.required(), rules.confirm('password', bothLanguages('auth.fields.password'))],
    label: 'auth.fields.confirmPassword',
  },
  referralCode: { rules: [rules.max(32)], label: 'auth.fields.referralCode' },
};

export interface CodeValues extends Record<string, unknown> {
  code: string;
}

export const codeFields: FieldSpecs<CodeValues> = {
  code: { rules: code, label: 'auth.fields.code' },
};

export interface IdentifierValues extends Record<string, unknown> {
  identifier: string;
}

export const identifierFields: FieldSpecs<IdentifierValues> = {
  identifier: { rules: [rules.required(), rules.max(254)], label: 'auth.fields.identifier' },
};

export interface ResetValues extends Record<string, unknown> {
  code: string;
  password: string;
  confirmPassword: string;
}

export const resetFields: FieldSpecs<ResetValues> = {
  code: { rules: code, label: 'auth.fields.resetCode' },
  password: { rules: password, label: 'auth.fields.newPassword' },
  confirmPassword: {
    rules: [rules.required(), rules.confirm('password', bothLanguages('auth.fields.newPassword'))],
    label: 'auth.fields.confirmPassword',
  },
};

export interface JoinValues extends Record<string, unknown> {
  code: string;
}

const joinable: Rule = (value) =>
  typeof value === 'string' && value.trim() && !parseJoinInput(value)
    ? { key: 'invalid_conference_link' }
    : null;

export const joinFields: FieldSpecs<JoinValues> = {
  code: { rules: [rules.required(), joinable], label: 'auth.fields.joinCode' },
};
