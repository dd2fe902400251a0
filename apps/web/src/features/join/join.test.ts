import { afterEach, describe, expect, it } from 'vitest';
import type { AliasShortDetail } from '@podium/protocol';
import { ApiError } from '../../shared/api/errors.ts';
import { buildValidators } from '../../shared/forms/useAppForm.ts';
import { preJoinFields, type PreJoinValues } from './fields.ts';
import { parseJoinLink } from './joinLink.ts';
import { joinView } from './joinView.ts';
import {
  clearAdmission,
  readAdmission,
  saveAdmission,
  type JoinAdmission,
} from '../../shared/session/admission.ts';

const detail: AliasShortDetail = {
  name: 'team-weekly',
  type: 'conference',
  title: 'Weekly',
  start_time: '2026-03-02T03:00:00.000Z',
  end_time: '2026-03-02T04:00:00.000Z',
  duration: 60,
  mode: 'meeting',
  require_passcode: true,
  join_before_host: false,
  expired: false,
  expired_at: null,
  owner_name: 'Ann',
};

const admission: JoinAdmission = {
  alias: 'Team-Weekly',
  ticket: 't.k',
  expiresAt: '2026-03-02T03:10:00.000Z',
  role: 'guest',
  displayName: 'Giang',
  title: 'Weekly',
  media: { camera: true, microphone: false, cameraId: 'c', microphoneId: null, speakerId: null },
};

describe('join link', () => {
  it('reads the alias and the speaker or host token', () => {
    expect(parseJoinLink('team-weekly', '')).toEqual({
      alias: 'team-weekly',
      speaker: null,
      host: null,
    });
    expect(parseJoinLink('aB3dE5fG7hJ9', '?speaker=abc.DEF-1_2&host=')).toEqual({
      alias: 'aB3dE5fG7hJ9',
      speaker: 'abc.DEF-1_2',
      host: null,
    });
  });

  it.each([undefined, '', 'ab', 'a b c', '<script>', 'x'.repeat(65), 'a/b'])(
    'refuses the alias %j',
    (alias) => {
      expect(parseJoinLink(alias, '')).toBeNull();
    },
  );

  it('ignores a token with characters no token has', () => {
    expect(parseJoinLink('team-weekly', '?speaker=%3Cscript%3E')?.speaker).toBeNull();
  });
});

describe('join view', () => {
  const base = {
    validLink: true,
    detail,
    detailError: null,
    admission: null,
    expiredOnJoin: false,
  };

  it('goes loading → pre-join → admitted', () => {
    expect(joinView({ ...base, detail: undefined }).kind).toBe('loading');
    expect(joinView(base)).toEqual({ kind: 'prejoin', detail });
    expect(joinView({ ...base, admission })).toEqual({ kind: 'admitted', admission });
  });

  it('says invalid for an impossible alias and for the server’s 404 and 400', () => {
    expect(joinView({ ...base, validLink: false }).kind).toBe('invalid');
    const notFound = new ApiError(404, 'invalid_link', 'Invalid Conference link');
    expect(joinView({ ...base, detail: undefined, detailError: notFound }).kind).toBe('invalid');
    const bad = new ApiError(400, 'validation_failed', 'Some fields are invalid');
    expect(joinView({ ...base, detail: undefined, detailError: bad }).kind).toBe('invalid');
  });

  it('says expired for an expired event or a 410 on joining', () => {
    expect(joinView({ ...base, detail: { ...detail, expired: true } }).kind).toBe('expired');
    expect(joinView({ ...base, expiredOnJoin: true }).kind).toBe('expired');
    const gone = new ApiError(410, 'expired', 'This event has expired');
    expect(joinView({ ...base, detail: undefined, detailError: gone }).kind).toBe('expired');
  });

  it('keeps other failures (network) apart so the page can offer a retry', () => {
    const offline = new ApiError(0, 'network_error', 'offline');
    expect(joinView({ ...base, detail: undefined, detailError: offline }).kind).toBe('error');
  });
});

describe('pre-join rules', () => {
  const check = (values: PreJoinValues, lang: 'en' | 'vi' = 'en') => {
    const validators = buildValidators(preJoinFields, lang, (k) =>
      k === 'join.prejoin.displayName' ? 'Your name' : 'Passcode',
    );
    return {
      displayName: validators.displayName!(values.displayName, values),
      passcode: validators.passcode!(values.passcode, values),
    };
  };
  const guest: PreJoinValues = { displayName: '', passcode: '', guest: true, askPasscode: true };

  it('a guest needs a name (spec: Name is required / Tên là bắt buộc) and the passcode', () => {
    expect(check(guest)).toEqual({
      displayName: 'Name is required',
      passcode: 'Please enter the passcode',
    });
    expect(check(guest, 'vi').displayName).toBe('Tên là bắt buộc');
    expect(check({ ...guest, askPasscode: false })).toMatchObject({ passcode: null });
  });

  it('a signed-in person may leave the name empty (the account name)', () => {
    expect(check({ ...guest, guest: false }).displayName).toBeNull();
  });

  it('the passcode modal needs a passcode whoever asks, once the event wants one', () => {
    expect(check({ ...guest, guest: false }).passcode).toBe('Please enter the passcode');
    expect(check({ ...guest, guest: false, askPasscode: false }).passcode).toBeNull();
    expect(check({ ...guest, passcode: 'x'.repeat(257) }).passcode).not.toBeNull();
  });
});

describe('admission ticket', () => {
  afterEach(() => {
    clearAdmission('team-weekly');
    sessionStorage.clear();
  });

  it('is kept per tab (sessionStorage) under the alias, case-insensitively', () => {
    saveAdmission(admission);
    expect(Object.keys(sessionStorage)).toEqual(['podium.join.team-weekly']);
    expect(localStorage.length).toBe(0);
    expect(readAdmission('team-weekly', Date.parse('2026-03-02T03:05:00Z'))).toEqual(admission);
  });

  it('survives a reload (memory gone) while valid, and is dropped once expired', () => {
    saveAdmission(admission);
    clearAdmission('other');
    const raw = sessionStorage.getItem('podium.join.team-weekly');
    clearAdmission('team-weekly');
    sessionStorage.setItem('podium.join.team-weekly', raw!);
    expect(readAdmission('TEAM-weekly', Date.parse('2026-03-02T03:05:00Z'))?.ticket).toBe('t.k');
    expect(readAdmission('team-weekly', Date.parse('2026-03-02T03:10:00Z'))).toBeNull();
    expect(sessionStorage.getItem('podium.join.team-weekly')).toBeNull();
  });

  it('ignores what is not an admission', () => {
    sessionStorage.setItem('podium.join.team-weekly', '{"alias":1}');
    expect(readAdmission('team-weekly', 0)).toBeNull();
    sessionStorage.setItem('podium.join.team-weekly', 'not json');
    expect(readAdmission('team-weekly', 0)).toBeNull();
  });
});
