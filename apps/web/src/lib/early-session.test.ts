/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { REPORT_TIME_ZONE, SESSION_HINT_COOKIE, sessionPaths } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../config/env';
import { SESSION_STORAGE_KEY } from './session';

// public/early-session.js is a plain script (no build step), so it spells the session key and the token address
// itself; restoreSession() only takes its answer when the address matches. These keep the copies from drifting.
const script = readFileSync(new URL('../../public/early-session.js', import.meta.url), 'utf8');

describe('public/early-session.js', () => {
  it("asks nothing when the tab holds a token under the app's own key", () => {
    expect(script).toContain(`sessionStorage.getItem('${SESSION_STORAGE_KEY}')`);
  });

  it('asks nothing without the session hint cookie the server sets beside the session cookie', () => {
    expect(script).toContain(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=[^;]`);
  });

  it('asks the address the app takes the answer from', () => {
    expect(script).toContain(`var url = '${apiUrl(sessionPaths.token)}';`);
  });

  it("loads the report time zone's data, the one the dashboard's report month is read in", () => {
    expect(script).toContain(`new Intl.DateTimeFormat('en-CA', { timeZone: '${REPORT_TIME_ZONE}' })`);
  });
});
