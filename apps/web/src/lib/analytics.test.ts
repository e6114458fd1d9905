import { afterEach, describe, expect, it } from 'vitest';
import { type AnalyticsEvent, setAnalyticsSink, trackLogin, trackPageView } from './analytics';

afterEach(() => setAnalyticsSink(null));

describe('analytics', () => {
  it('sends nothing without a sink', () => {
    expect(() => trackPageView('/ops', 'Ops', { email: 'a@b.c', staffDomain: 'b.c' })).not.toThrow();
  });

  it('sends page views and sign-ins to the installed sink, marking staff by e-mail domain', () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink({ track: (e) => events.push(e) });
    trackPageView('/ops/logs', 'Logs', { email: 'sam@openrescue.test', staffDomain: 'openrescue.test' });
    trackLogin('email', { email: 'casey@grocer.example', staffDomain: 'openrescue.test' });
    expect(events.map((e) => [e.name, e.isStaff])).toEqual([
      ['page_view', true],
      ['login', false],
    ]);
    expect(events[0]).toMatchObject({ path: '/ops/logs', title: 'Logs' });
  });

  it('never lets a failing sink break the app', () => {
    setAnalyticsSink({
      track: () => {
        throw new Error('sink down');
      },
    });
    expect(() => trackLogin('social', { email: 'x@y.z' })).not.toThrow();
  });
});
