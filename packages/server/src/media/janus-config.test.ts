import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type JanusConfigInput,
  generateJanusConfig,
  generateSecrets,
  writeJanusConfig,
} from './janus-config.ts';
import { jcfgString, serializeJcfg } from './jcfg.ts';

const secrets = {
  apiSecret: 'api_secret_0123456789abcdef',
  adminSecret: 'admin_secret_0123456789abcdef',
  roomAdminKey: 'room_admin_key_0123456789abcdef',
};

function input(overrides: Partial<JanusConfigInput> = {}): JanusConfigInput {
  return {
    configDir: '/var/lib/podium/media/podium-janus-x',
    api: { ip: '198.18.0.2', port: 8288, allowFrom: '198.18.0.1' },
    ice: { interface: 'pt-ns', address: '198.18.0.2' },
    rtpPortRange: { min: 20000, max: 20999 },
    secrets,
    ...overrides,
  };
}

/** Settings of one section as `key = value` lines (values as written). */
function section(text: string, name: string): Record<string, string> {
  const match = new RegExp(`^${name}: \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(text);
  if (!match?.[1]) throw new Error(`no section ${name}`);
  return Object.fromEntries(
    match[1]
      .split('\n')
      .filter((line) => line.includes(' = '))
      .map((line) => {
        const [key, ...value] = line.trim().split(' = ');
        return [key, value.join(' = ')];
      }),
  );
}

describe('jcfg serialiser', () => {
  it('writes sections, scalars and string arrays in libconfig syntax', () => {
    const text = serializeJcfg({ general: { a: 'x', b: 3, c: true, d: ['p', 'q'], e: undefined } });
    expect(text).toBe('general: {\n\ta = "x"\n\tb = 3\n\tc = true\n\td = ["p", "q"]\n}\n');
  });

  it('escapes quotes and backslashes and refuses control characters', () => {
    expect(jcfgString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(() => jcfgString('x"\n\tadmin_secret = "janusoverlord')).toThrow(/control character/);
    expect(() => serializeJcfg({ 'bad name': {} })).toThrow(/section name/);
    expect(() => serializeJcfg({ general: { 'a=b': 1 } })).toThrow(/setting name/);
    expect(() => serializeJcfg({ general: { a: 1.5 } })).toThrow(/integer/);
  });
});

describe('generateJanusConfig', () => {
  it('writes exactly the three files Janus reads', () => {
    expect(Object.keys(generateJanusConfig(input())).sort()).toEqual([
      'janus.jcfg',
      'janus.plugin.videoroom.jcfg',
      'janus.transport.websockets.jcfg',
    ]);
  });

  it('janus.jcfg: our folders, secrets, one ICE interface, full trickle, fixed ports', () => {
    const text = generateJanusConfig(input())['janus.jcfg']!;
    const general = section(text, 'general');
    const dir = '/var/lib/podium/media/podium-janus-x';
    expect(general.configs_folder).toBe(`"${dir}"`);
    expect(general.plugins_folder).toBe(`"${dir}/modules/plugins"`);
    expect(general.transports_folder).toBe(`"${dir}/modules/transports"`);
    expect(general.events_folder).toBe(`"${dir}/modules/events"`);
    expect(general.loggers_folder).toBe(`"${dir}/modules/loggers"`);
    expect(general.api_secret).toBe(`"${secrets.apiSecret}"`);
    expect(general.admin_secret).toBe(`"${secrets.adminSecret}"`);
    expect(general.token_auth).toBe('false');
    expect(general.interface).toBe('"198.18.0.2"');
    expect(general.exit_on_dl_error).toBe('true');
    expect(general.session_timeout).toBe('60');
    expect(general.protected_folders).toContain(`"${dir}"`);
    const nat = section(text, 'nat');
    expect(nat.full_trickle).toBe('true');
    expect(nat.ice_enforce_list).toBe('"pt-ns"');
    expect(nat.ignore_mdns).toBe('true');
    expect(nat.nat_1_1_mapping).toBeUndefined();
    expect(nat.stun_server).toBeUndefined();
    expect(nat.turn_server).toBeUndefined();
    const media = section(text, 'media');
    expect(media.rtp_port_range).toBe('"20000-20999"');
    expect(media.ipv6).toBe('false');
    expect(section(text, 'events').broadcast).toBe('false');
    // Debian's well-known default must never appear.
    expect(text).not.toContain('janusoverlord');
  });

  it('adds the 1:1 NAT mapping only when a public address is given', () => {
    const text = generateJanusConfig(
      input({ ice: { interface: 'eth0', address: '10.0.0.5', publicIp: '203.0.113.7' } }),
    )['janus.jcfg']!;
    expect(section(text, 'nat').nat_1_1_mapping).toBe('"203.0.113.7"');
    expect(section(text, 'nat').ice_enforce_list).toBe('"eth0"');
  });

  it('websockets: API on the private address, only the server may connect, admin off', () => {
    const text = generateJanusConfig(input())['janus.transport.websockets.jcfg']!;
    const general = section(text, 'general');
    expect(general.ws).toBe('true');
    expect(general.ws_ip).toBe('"198.18.0.2"');
    expect(general.ws_port).toBe('8288');
    expect(general.ws_acl).toBe('"198.18.0.1"');
    expect(general.wss).toBe('false');
    const admin = section(text, 'admin');
    expect(admin.admin_ws).toBe('false');
    expect(admin.admin_ws_ip).toBeUndefined();
  });

  it('websockets: the admin API, when asked for, listens on the same private address', () => {
    const text = generateJanusConfig(input({ adminPort: 8289 }))[
      'janus.transport.websockets.jcfg'
    ]!;
    const admin = section(text, 'admin');
    expect(admin.admin_ws).toBe('true');
    expect(admin.admin_ws_port).toBe('8289');
    expect(admin.admin_ws_ip).toBe('"198.18.0.2"');
    expect(admin.admin_ws_acl).toBe('"198.18.0.1"');
  });

  it('videoroom: admin key, locked RTP forwarding, string ids, no static rooms', () => {
    const text = generateJanusConfig(input())['janus.plugin.videoroom.jcfg']!;
    expect(section(text, 'general')).toEqual({
      admin_key: `"${secrets.roomAdminKey}"`,
      lock_rtp_forward: 'true',
      string_ids: 'true',
      events: 'false',
    });
    expect(text).not.toMatch(/^room-/m);
  });

  it('refuses inputs that would weaken or break the config', () => {
    expect(() => generateJanusConfig(input({ configDir: 'relative/dir' }))).toThrow(/absolute/);
    expect(() =>
      generateJanusConfig(input({ ice: { interface: 'lo', address: '127.0.0.1' } })),
    ).toThrow(/non-loopback/);
    expect(() =>
      generateJanusConfig(input({ ice: { interface: 'eth0,lo', address: '10.0.0.5' } })),
    ).toThrow(/non-loopback/);
    expect(() =>
      generateJanusConfig(input({ api: { ip: '0.0.0.0.1', port: 8288, allowFrom: '1.2.3.4' } })),
    ).toThrow(/IPv4/);
    expect(() =>
      generateJanusConfig(input({ api: { ip: '127.0.0.1', port: 70000, allowFrom: '127.0.0.1' } })),
    ).toThrow(/port/);
    expect(() => generateJanusConfig(input({ adminPort: 8288 }))).toThrow(/differ/);
    expect(() => generateJanusConfig(input({ rtpPortRange: { min: 30000, max: 20000 } }))).toThrow(
      /empty/,
    );
    expect(() =>
      generateJanusConfig(input({ secrets: { ...secrets, apiSecret: 'short' } })),
    ).toThrow(/apiSecret/);
    expect(() =>
      generateJanusConfig(input({ secrets: { ...secrets, adminSecret: 'janusoverlord' } })),
    ).toThrow(/adminSecret/);
    expect(() => generateJanusConfig(input({ sessionTimeoutSeconds: 0 }))).toThrow(/positive/);
    expect(() => generateJanusConfig(input({ debugLevel: 9 }))).toThrow(/debugLevel/);
  });

  it('generates distinct, long secrets', () => {
    const a = generateSecrets();
    const b = generateSecrets();
    expect(new Set([...Object.values(a), ...Object.values(b)]).size).toBe(6);
    for (const value of Object.values(a)) expect(value).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('writeJanusConfig', () => {
  it('writes owner-only files and links only the allowed modules', async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-jcfg-test-'));
    try {
      // A stand-in module tree: the writer must link only what Podium allows from it.
      const moduleRoot = path.join(base, 'lib');
      for (const [kind, names] of Object.entries({
        plugins: ['libjanus_videoroom.so', 'libjanus_sip.so', 'libjanus_streaming.so'],
        transports: ['libjanus_websockets.so', 'libjanus_http.so', 'libjanus_pfunix.so'],
        events: ['libjanus_wsevh.so'],
        loggers: ['libjanus_jsonlog.so'],
      })) {
        await fs.mkdir(path.join(moduleRoot, kind), { recursive: true });
        for (const name of names) await fs.writeFile(path.join(moduleRoot, kind, name), '');
      }
      const configDir = path.join(base, 'cfg');
      await writeJanusConfig(input({ configDir }), moduleRoot);
      // A second write (a restart) replaces everything cleanly.
      await writeJanusConfig(input({ configDir }), moduleRoot);
      expect((await fs.stat(configDir)).mode & 0o777).toBe(0o700);
      for (const file of ['janus.jcfg', 'janus.plugin.videoroom.jcfg']) {
        expect((await fs.stat(path.join(configDir, file))).mode & 0o777).toBe(0o600);
      }
      const listing = async (kind: string) =>
        (await fs.readdir(path.join(configDir, 'modules', kind))).sort();
      expect(await listing('plugins')).toEqual(['libjanus_videoroom.so']);
      expect(await listing('transports')).toEqual(['libjanus_websockets.so']);
      expect(await listing('events')).toEqual([]);
      expect(await listing('loggers')).toEqual([]);
      expect(await fs.readlink(path.join(configDir, 'modules/plugins/libjanus_videoroom.so'))).toBe(
        path.join(moduleRoot, 'plugins/libjanus_videoroom.so'),
      );
      await fs.rm(path.join(moduleRoot, 'plugins/libjanus_videoroom.so'));
      await expect(writeJanusConfig(input({ configDir }), moduleRoot)).rejects.toThrow(
        /module not found/,
      );
    } finally {
      await fs.rm(base, { recursive: true, force: true });
    }
  });
});
