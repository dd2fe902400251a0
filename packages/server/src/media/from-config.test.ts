import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { mediaServerOptionsFromConfig } from './from-config.ts';

const logger = pino({ level: 'silent' });

describe('media configuration', () => {
  it('defaults: Janus from PATH, host network, fixed ports', () => {
    const config = loadConfig({ DATA_DIR: '/srv/podium' });
    expect(config.media).toEqual({
      enabled: true,
      janusBin: 'janus',
      wsPort: 8288,
      rtpPortRange: { min: 20000, max: 40000 },
      netns: undefined,
      iceInterface: undefined,
      publicIp: undefined,
    });
    const options = mediaServerOptionsFromConfig(config, logger);
    expect(options).toMatchObject({
      janusBin: 'janus',
      wsPort: 8288,
      rtpPortRange: { min: 20000, max: 40000 },
      network: { mode: 'host' },
      workDir: path.join('/srv/podium', 'media'),
    });
    expect(options.publicIp).toBeUndefined();
  });

  it('MEDIA_NETNS runs Janus in that namespace with the default link addresses', () => {
    const config = loadConfig({
      MEDIA_NETNS: 'podium-media',
      JANUS_BIN: '/opt/janus/bin/janus',
      JANUS_WS_PORT: '9000',
      JANUS_RTP_PORT_MIN: '30000',
      JANUS_RTP_PORT_MAX: '30999',
      MEDIA_PUBLIC_IP: '203.0.113.7',
    });
    expect(mediaServerOptionsFromConfig(config, logger)).toMatchObject({
      janusBin: '/opt/janus/bin/janus',
      wsPort: 9000,
      rtpPortRange: { min: 30000, max: 30999 },
      publicIp: '203.0.113.7',
      network: {
        mode: 'netns',
        netns: { name: 'podium-media', hostIp: '198.18.0.1', nsIp: '198.18.0.2' },
      },
    });
    expect(
      loadConfig({
        MEDIA_NETNS: 'x',
        MEDIA_NETNS_HOST_IP: '198.18.4.1',
        MEDIA_NETNS_IP: '198.18.4.2',
      }).media.netns,
    ).toEqual({ name: 'x', hostIp: '198.18.4.1', nsIp: '198.18.4.2' });
  });

  it('host network: MEDIA_ICE_INTERFACE picks the ICE interface; MEDIA_ENABLED=0 turns media off', () => {
    const config = loadConfig({ MEDIA_ICE_INTERFACE: 'eth1', MEDIA_ENABLED: '0' });
    expect(config.media.enabled).toBe(false);
    expect(mediaServerOptionsFromConfig(config, logger).network).toEqual({
      mode: 'host',
      iceInterface: 'eth1',
    });
  });

  it('memory:// data keeps the generated config in a private temp folder', () => {
    const options = mediaServerOptionsFromConfig(loadConfig({ DATA_DIR: 'memory://' }), logger);
    expect(options.workDir).toMatch(/podium-media$/);
  });

  it('refuses impossible port settings', () => {
    expect(() => loadConfig({ JANUS_RTP_PORT_MIN: '40000', JANUS_RTP_PORT_MAX: '30000' })).toThrow(
      /JANUS_RTP_PORT/,
    );
    expect(() => loadConfig({ JANUS_RTP_PORT_MAX: '70000' })).toThrow(/JANUS_RTP_PORT/);
    expect(() => loadConfig({ JANUS_WS_PORT: '0' })).toThrow(/JANUS_WS_PORT/);
    expect(() => loadConfig({ JANUS_WS_PORT: 'abc' })).toThrow(/JANUS_WS_PORT/);
  });
});
