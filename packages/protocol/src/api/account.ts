import { z } from 'zod';
import { CONFERENCE_MODES, DEFAULT_CONFERENCE_MODE, VERIFY_CODE_LENGTH } from '../limits.ts';

/** Account payloads of spec §7 "Account": shared by the server (validation) and the web app. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z.string().trim().toLowerCase().max(254).email('Invalid email address');
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{6,15}$/, 'Invalid phone number');
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain letters, digits, dot, dash and underscore');
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
export const codeSchema = z
  .string()
  .trim()
  .min(1, 'Please input verify code')
  .regex(new RegExp(`^[0-9]{${VERIFY_CODE_LENGTH}}$`), 'Invalid activate code');
/** The login identifier: a username, an email address or a phone number. */
export const loginIdSchema = z.string().trim().min(1, 'Please fill out this field').max(254);
const nameSchema = z.string().trim().max(100, 'Must be at most 100 characters');

export const signupRequest = z
  .object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    username: usernameSchema.optional(),
    password: passwordSchema,
    full_name: nameSchema.optional(),
    referral_code: z.string().trim().max(32).optional(),
  })
  .refine((b) => b.email || b.phone || b.username, {
    message: 'Enter an email, a phone number or a username',
    path: ['email'],
  });
export type SignupRequest = z.infer<typeof signupRequest>;

export const loginRequest = z.object({
  username: loginIdSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const renewRequest = z.object({ renewal_token: z.string().min(1).max(512) });
export const codeRequest = z.object({ code: codeSchema });
/** Resend a verification code: the identifier the account signed up with (email or phone). */
export const resendRequest = z.object({ username: loginIdSchema });
export const phoneResendRequest = z.object({ phone: phoneSchema });
export const changePasswordRequest = z.object({
  old_password: z.string().min(1).max(PASSWORD_MAX),
  new_password: passwordSchema,
});
export const setPasswordRequest = z.object({ password: passwordSchema });
export const resetPasswordRequest = z.object({ username: loginIdSchema });
export const forgotResetRequest = z.object({
  username: loginIdSchema,
  code: codeSchema,
  password: passwordSchema,
});
export const profileUpdateRequest = z.object({
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
  full_name: nameSchema.optional(),
  company: nameSchema.optional(),
  avatar: z.string().trim().max(2048).url('Invalid URL').optional(),
});
/** Missing or invalid values fall back to meeting (spec §4), so this never rejects. */
export const conferenceSettingRequest = z.object({
  conference_mode: z
    .unknown()
    .transform((v) =>
      typeof v === 'string' && (CONFERENCE_MODES as readonly string[]).includes(v)
        ? (v as (typeof CONFERENCE_MODES)[number])
        : DEFAULT_CONFERENCE_MODE,
    )
    // A missing key skips the transform in zod 4, so it needs its own default.
    .default(DEFAULT_CONFERENCE_MODE),
});

export const accountStatus = z.enum(['verifying', 'active', 'disabled']);
export type AccountStatus = z.infer<typeof accountStatus>;

/** The account as every endpoint returns it. */
export interface AccountDto {
  id: string;
  username: string | null;
  email: string | null;
  phone_number: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  avatar: string | null;
  account_status: AccountStatus;
  email_verified: boolean;
  phone_verified: boolean;
  has_password: boolean;
  user_type: 'user' | 'admin';
  referral_code: string;
  account_setting: { conference_mode: (typeof CONFERENCE_MODES)[number] };
  created_at: string;
}

export interface LoginResponse {
  authorization: string;
  renewal_token: string;
  account: AccountDto;
}

export interface SignupResponse {
  account: AccountDto;
  /** Signup signs the person in, so /verify-code can call the (T) confirm endpoint. */
  authorization: string;
  renewal_token: string;
}
