import { isStaffForAnalytics } from '@openrescue/shared';

/** Product analytics behind a pluggable sink; nothing is sent anywhere unless a deployment installs one. */
export type AnalyticsEvent =
  | { name: 'page_view'; path: string; title: string; isStaff: boolean; at: string }
  | { name: 'login'; method: 'email' | 'social'; isStaff: boolean; at: string };

export interface AnalyticsSink {
  track(event: AnalyticsEvent): void;
}

let sink: AnalyticsSink | null = null;

export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
}

function emit(event: AnalyticsEvent): void {
  try {
    sink?.track(event);
  } catch (error) {
    console.warn('Analytics sink failed', error); // analytics must never break the app
  }
}

interface Who {
  email?: string | null;
  staffDomain?: string | null;
}

const staffFlag = ({ email, staffDomain }: Who) => (email ? isStaffForAnalytics(email, staffDomain ?? '') : false);

export function trackPageView(path: string, title: string, who: Who): void {
  emit({ name: 'page_view', path, title, isStaff: staffFlag(who), at: new Date().toISOString() });
}

export function trackLogin(method: 'email' | 'social', who: Who): void {
  emit({ name: 'login', method, isStaff: staffFlag(who), at: new Date().toISOString() });
}
