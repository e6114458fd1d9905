import { networkTimeZone } from '@openrescue/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { publicAppConfig } from '../modules/system/app-config.js';
import { loadEnv } from './env.js';

describe('NETWORK_TIME_ZONE (decision 0064)', () => {
  afterEach(() => loadEnv({}));

  it('is America/Vancouver unless set, and goes to the web app in its config', () => {
    expect(publicAppConfig(loadEnv({})).time_zone).toBe('America/Vancouver');
    const env = loadEnv({ NETWORK_TIME_ZONE: 'America/Toronto' });
    expect(publicAppConfig(env).time_zone).toBe('America/Toronto');
    expect(networkTimeZone()).toBe('America/Toronto');
  });

  it('refuses a zone that does not exist', () => {
    expect(() => loadEnv({ NETWORK_TIME_ZONE: 'Pacific/Atlantis' })).toThrow(
      /NETWORK_TIME_ZONE: an IANA time zone such as America\/Vancouver/,
    );
  });
});

describe('RENDER_THREAD_PREPARED (decision 0077)', () => {
  it('is on unless turned off, and refuses what is not a yes or a no', () => {
    expect(loadEnv({}).RENDER_THREAD_PREPARED).toBe(true);
    expect(loadEnv({ RENDER_THREAD_PREPARED: 'false' }).RENDER_THREAD_PREPARED).toBe(false);
    expect(loadEnv({ RENDER_THREAD_PREPARED: '0' }).RENDER_THREAD_PREPARED).toBe(false);
    expect(() => loadEnv({ RENDER_THREAD_PREPARED: 'maybe' })).toThrow(/RENDER_THREAD_PREPARED/);
  });
});
