import type { AccountDto } from '@podium/protocol';

/** Ann, an active account that has a password; `patch` gives a test the variant it is about. */
export function testAccount(patch: Partial<AccountDto> = {}): AccountDto {
  return {
    id: 'acc-1',
    username: null,
    email: 'ann@example.com',
    phone_number: null,
    full_name: 'Ann Lee',
    first_name: null,
    last_name: null,
    company: null,
    avatar: null,
    account_status: 'active',
    email_verified: true,
    phone_verified: false,
    has_password: true,
    user_type: 'user',
    referral_code: 'R1',
    account_setting: { conference_mode: 'meeting' },
    created_at: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}
