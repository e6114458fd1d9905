import { toApiError } from './api-errors';
import { showErrorDialog } from './error-events';
import { getProductName } from './product-name';

/** A failed request's error, in the error dialog. One argument: it is passed to `onError` as it is. */
export function showApiError(error: unknown): void {
  showTitledApiError('', error);
}

/** A failed request's error, in the error dialog under the title that names the failed action. */
export function showTitledApiError(title: string, error: unknown): void {
  const e = toApiError(error, getProductName());
  showErrorDialog({ ...(title ? { title } : {}), type: e.type, message: e.message, detail: e.detail });
}
