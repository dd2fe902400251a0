import { describe, expect, it } from 'vitest';
import {
  domainEnvironmentSchema,
  listJsonSchema,
  parseDomainEnvironment,
  parseListJson,
} from './domain.ts';

const valid = {
  MAIN_DOMAIN: 'https://acme.example',
  ACC_API_URL: ' https://api.acme.example/ ',
  WEBRTC_BASE_API_URL: 'https://rtc.acme.example//',
  CONFERENCE_API_URL: 'http://conf.acme.example:8080/v1',
  SIGNAL_CONTROLLER: 'wss://signal.acme.example/socket',
};

const cases: [string, unknown][] = [
  ['a full environment', valid],
  ['extra keys', { ...valid, EXTRA: 'x' }],
  ['a missing key', { ...valid, SIGNAL_CONTROLLER: undefined }],
  ['a number', { ...valid, MAIN_DOMAIN: 42 }],
  ['an ftp URL', { ...valid, MAIN_DOMAIN: 'ftp://acme.example' }],
  ['not a URL', { ...valid, ACC_API_URL: 'https://' }],
  ['a relative path', { ...valid, ACC_API_URL: '/api' }],
  [
    'a URL over 2048 characters',
    { ...valid, ACC_API_URL: `https://a.example/${'x'.repeat(2040)}` },
  ],
  ['null', null],
  ['an array', [valid]],
  ['a string', 'https://acme.example'],
];

describe('parseDomainEnvironment (the web app reads the saved environment without zod)', () => {
  it.each(cases)('agrees with domainEnvironmentSchema on %s', (_name, value) => {
    const parsed = domainEnvironmentSchema.safeParse(value);
    expect(parseDomainEnvironment(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it('trims and drops trailing slashes like the schema', () => {
    expect(parseDomainEnvironment(valid)).toMatchObject({
      ACC_API_URL: 'https://api.acme.example',
      WEBRTC_BASE_API_URL: 'https://rtc.acme.example',
    });
  });
});

describe('parseListJson', () => {
  const list = {
    ACC_API: 'https://api.acme.example/',
    CALL_CONFIG: 'https://rtc.acme.example',
    CONFERENCE_API: 'https://conf.acme.example',
    SIGNAL_CONTROLLER: 'wss://signal.acme.example',
  };
  it.each([
    ['a full list.json', list],
    ['an http URL where a ws one could be', { ...list, SIGNAL_CONTROLLER: 'https://s.example' }],
    ['a missing key', { ...list, CALL_CONFIG: undefined }],
    ['a mailto URL', { ...list, ACC_API: 'mailto:a@b.example' }],
    ['null', null],
  ] as [string, unknown][])('agrees with listJsonSchema on %s', (_name, value) => {
    const parsed = listJsonSchema.safeParse(value);
    expect(parseListJson(value)).toEqual(parsed.success ? parsed.data : null);
  });
});
