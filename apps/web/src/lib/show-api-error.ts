import { toApiError } from './api-errors';
import { showErrorDialog } from './error-events';
import { getProductName } from './product-name';

/** A failed request's error, in the error dialog. */
export function showApiError(error: unknown): void {
  const e = toApiError(error, getProductName());
  showErrorDialog({ type: e.type, message: e.message, detail: e.detail });
}
