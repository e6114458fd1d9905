import { ERROR_TYPES, messages } from '@openrescue/shared';

/** A request error as the UI shows it (spec section 8). `status` is null when no response arrived. */
export interface ApiError {
  type: string;
  message: string;
  detail: string;
  status: number | null;
  /** The server's error body after renaming `Message` to `message`, when there was one. */
  data?: Record<string, unknown>;
}

export class ApiRequestError extends Error implements ApiError {
  readonly type: string;
  readonly detail: string;
  readonly status: number | null;
  readonly data?: Record<string, unknown>;

  constructor(error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.type = error.type;
    this.detail = error.detail;
    this.status = error.status;
    this.data = error.data;
  }
}

/** What went wrong, before it is turned into an ApiError. */
export type ErrorSource =
  | { kind: 'offline' }
  | { kind: 'no-response'; cause?: unknown }
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'other'; cause: unknown };

const TYPE_BY_STATUS: Record<number, string> = {
  400: ERROR_TYPES.validation,
  401: ERROR_TYPES.unauthorized,
  403: ERROR_TYPES.forbidden,
  404: ERROR_TYPES.notFound,
  422: ERROR_TYPES.validation,
  429: ERROR_TYPES.rateLimited,
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** The server's body with `Message` renamed to `message` (section 8). */
export function renameMessageField(body: Record<string, unknown>): Record<string, unknown> {
  if (!('Message' in body)) return body;
  const { Message, ...rest } = body;
  return { ...rest, message: rest.message ?? Message };
}

function fromResponse(status: number, body: unknown, productName: string): ApiError {
  const fallbackType = TYPE_BY_STATUS[status] ?? ERROR_TYPES.unknown;
  const fallbackDetail = status >= 500 ? messages.notAccessible(productName) : '';
  if (!isRecord(body)) {
    return { type: fallbackType, message: `Request failed with status ${status}`, detail: fallbackDetail, status };
  }
  const data = renameMessageField(body);
  return {
    type: text(data.type) ?? fallbackType,
    message: text(data.message) ?? `Request failed with status ${status}`,
    detail: text(data.detail) ?? fallbackDetail,
    status,
    data,
  };
}

export function normaliseError(source: ErrorSource, productName: string): ApiError {
  switch (source.kind) {
    case 'offline':
      return { type: ERROR_TYPES.offline, message: messages.offline, detail: '', status: null };
    case 'no-response':
      return {
        type: ERROR_TYPES.network,
        message: messages.networkTitle,
        detail: messages.notAccessible(productName),
        status: null,
      };
    case 'response':
      return fromResponse(source.status, source.body, productName);
    case 'other': {
      const message = source.cause instanceof Error ? text(source.cause.message) : text(source.cause);
      return {
        type: ERROR_TYPES.unknown,
        message: message ?? messages.notAccessible(productName),
        detail: '',
        status: null,
      };
    }
  }
}

/** Any thrown value as an ApiError, for code that catches errors from more than the API client. */
export function toApiError(error: unknown, productName: string): ApiError {
  if (error instanceof ApiRequestError) return error;
  if (isRecord(error) && typeof error.type === 'string' && typeof error.message === 'string') {
    return {
      type: error.type,
      message: error.message,
      detail: typeof error.detail === 'string' ? error.detail : '',
      status: typeof error.status === 'number' ? error.status : null,
    };
  }
  return normaliseError({ kind: 'other', cause: error }, productName);
}
