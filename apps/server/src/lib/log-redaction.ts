const SECRET_PARAMS = ['tk', 'token', 'code', 'state', 'access_token', 'id_token', 'secret'];

/** Strips credential-bearing query parameters (read-only link tokens, OAuth codes) before a URL is logged. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of SECRET_PARAMS) if (params.has(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
];

export const logSerializers = {
  req(request: { method: string; url: string; ip?: string; id?: string }) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, id: request.id };
  },
};
