/** Every error body on the wire (DESIGN.md section 6); its zod schema is `errorBodySchema` in contracts/errors.ts. */
export interface ErrorBody {
  type: string;
  message: string;
  detail: string;
}

export const ERROR_TYPES = {
  unknown: 'unknown_error',
  network: 'network_error',
  offline: 'offline_error',
  supportRequired: 'support_required',
  validation: 'validation_error',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  rateLimited: 'rate_limited',
  /** 409: e.g. 'Job already in queue: {job}'. */
  conflict: 'conflict',
  /** 503 with Retry-After: the database cannot be reached, or the server is too busy to take the request. */
  unavailable: 'service_unavailable',
} as const;

/** The 401 body text that tells a client to refresh its access token (section 5 "Token expiry"). */
export const REFRESH_ID_TOKEN_DETAIL = 'refresh the id token';

export const SUPPORT_TYPES: readonly string[] = [ERROR_TYPES.unknown, ERROR_TYPES.network, ERROR_TYPES.supportRequired];

/** When the detail starts with one of these, the error dialog offers Login instead of close. */
export const LOGIN_REQUIRED_PREFIXES = ['authorization expired', 'client access is restricted'] as const;

export function needsLogin(detail: string | undefined | null): boolean {
  const d = (detail ?? '').toLowerCase();
  return LOGIN_REQUIRED_PREFIXES.some((p) => d.startsWith(p));
}

export const messages = {
  notAuthorized: (product: string) =>
    `You are not authorized yet to access ${product}. Please get in touch if you are experiencing issues.`,
  wrongUrl: 'Ooops! Did you type in the wrong url?',
  offline: 'You seem to be offline, check your connection.',
  networkTitle: 'Network Error',
  notAccessible: (product: string) => `${product} is not accessible at this time. Please try again later.`,
  errorTitle: 'Something went wrong',
  persists: 'If this problem persists, please contact support and include a screenshot of this message.',
  loginFailed: 'Login failed',
  loginFailedInline: 'The email or password is incorrect.',
  jobsEmpty: 'I am empty :(',
  logsEmpty: 'No logs yet..',
  splash: 'Grabbing some digital bits...',
  graphEmpty: 'No data for this date range. Try changing the end month for reporting and/or report range.',
  accountSetupTitle: 'Account setup not completed',
  accountSetupText:
    'Your account is missing a reporting store. Account setup has not been completed. Contact your representative to resolve this issue.',
} as const;
