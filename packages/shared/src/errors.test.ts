import { describe, expect, it } from 'vitest';
import { messages, needsLogin, SUPPORT_TYPES } from './errors.js';

describe('error dialog rules', () => {
  it('offers Login instead of close when the detail starts with authorization expired or client access is restricted', () => {
    expect(needsLogin('authorization expired: sign in again')).toBe(true);
    expect(needsLogin('Client access is restricted for this store')).toBe(true);
    expect(needsLogin('your authorization expired')).toBe(false);
    expect(needsLogin('')).toBe(false);
    expect(needsLogin(undefined)).toBe(false);
  });

  it('adds the support text for unknown, network and support-required errors only', () => {
    expect([...SUPPORT_TYPES].sort()).toEqual(['network_error', 'support_required', 'unknown_error']);
  });

  it('uses the specification texts exactly', () => {
    expect(messages.notAuthorized('OpenRescue')).toBe(
      'You are not authorized yet to access OpenRescue. Please get in touch if you are experiencing issues.',
    );
    expect(messages.notAccessible('OpenRescue')).toBe(
      'OpenRescue is not accessible at this time. Please try again later.',
    );
    expect(messages.offline).toBe('You seem to be offline, check your connection.');
    expect(messages.wrongUrl).toBe('Ooops! Did you type in the wrong url?');
    expect(messages.splash).toBe('Grabbing some digital bits...');
  });
});
