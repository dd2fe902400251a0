import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('egress config', () => {
  it('keeps recordings and HLS under DATA_DIR by default and follows media being on', () => {
    const config = loadConfig({ DATA_DIR: '/srv/podium' });
    expect(config.egress).toMatchObject({
      enabled: true,
      recordingsDir: '/srv/podium/recordings',
      hlsDir: '/srv/podium/hls',
      chromiumBin: '/usr/bin/chromium',
    });
    expect(loadConfig({ DATA_DIR: '/srv/podium', MEDIA_ENABLED: '0' }).egress.enabled).toBe(false);
  });

  it('takes RECORDINGS_DIR, HLS_DIR and EGRESS_ENABLED', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/podium',
      RECORDINGS_DIR: '/mnt/big/rec',
      HLS_DIR: 'relative/hls',
      EGRESS_ENABLED: '0',
    });
    expect(config.egress.enabled).toBe(false);
    expect(config.egress.recordingsDir).toBe('/mnt/big/rec');
    expect(config.egress.hlsDir).toBe(path.resolve('relative/hls'));
    expect(() => loadConfig({ EGRESS_ENABLED: 'maybe' })).toThrow(/EGRESS_ENABLED/);
  });

  it('puts files of an in-memory data dir under the temp folder', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(config.egress.recordingsDir).toBe(path.join(os.tmpdir(), 'podium-data', 'recordings'));
  });
});
