import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { mediaPortRanges, mediaServerOptionsFromConfig } from './from-config.ts';

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
      edges: 0,
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

  it('JANUS_EDGES: further instances on the next API ports and their share of the RTP range', () => {
    const config = loadConfig({
      JANUS_EDGES: '2',
      JANUS_WS_PORT: '9000',
      JANUS_RTP_PORT_MIN: '30000',
      JANUS_RTP_PORT_MAX: '31199',
    });
    expect(config.media.edges).toBe(2);
    expect(mediaPortRanges(config.media.rtpPortRange, 2)).toEqual([
      { ice: { min: 30000, max: 30399 }, cascade: undefined },
      { ice: { min: 30400, max: 30699 }, cascade: { min: 30700, max: 30799 } },
      { ice: { min: 30800, max: 31099 }, cascade: { min: 31100, max: 31199 } },
    ]);
    expect(
      [0, 1, 2].map((instance) => {
        const options = mediaServerOptionsFromConfig(config, logger, instance);
        return [options.wsPort, options.rtpPortRange];
      }),
    ).toEqual([
      [9000, { min: 30000, max: 30399 }],
      [9001, { min: 30400, max: 30699 }],
      [9002, { min: 30800, max: 31099 }],
    ]);
    // None: the origin keeps the whole range, as before edges existed.
    expect(mediaPortRanges({ min: 20000, max: 40000 }, 0)).toEqual([
      { ice: { min: 20000, max: 40000 }, cascade: undefined },
    ]);
    expect(() => loadConfig({ JANUS_EDGES: '9' })).toThrow(/JANUS_EDGES/);
    expect(() =>
      loadConfig({ JANUS_EDGES: '1', JANUS_RTP_PORT_MIN: '30000', JANUS_RTP_PORT_MAX: '30050' }),
    ).toThrow(/40 ports/);
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
