import type { AccountDto } from '@podium/protocol';
import type { AccountRow } from '../../store/schema.ts';

export function toAccountDto(row: AccountRow): AccountDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone_number: row.phone,
    full_name: row.fullName,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    avatar: row.avatar,
    account_status: row.accountStatus,
    email_verified: row.emailVerified,
    phone_verified: row.phoneVerified,
    has_password: row.passwordHash !== null,
    user_type: row.userType,
    referral_code: row.referralCode,
    account_setting: { conference_mode: row.conferenceMode },
    created_at: row.createdAt.toISOString(),
  };
}

/** The GraphQL `Profile` of spec §3. */
export interface ProfileDto {
  id: string;
  avatar: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string;
  membership_id: string | null;
}

export function toProfile(row: AccountRow): ProfileDto {
  return {
    id: row.id,
    avatar: row.avatar,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.userType,
    membership_id: row.membershipId,
  };
}
