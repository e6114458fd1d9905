import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RouteRecord } from '../../plugins/access.js';
import type { MatrixFixture } from './authorization-fixture.js';
import {
  AUTHORIZATION_MATRIX,
  type Cell,
  type ObjectKind,
  type Outcome,
  type PrincipalName,
  type Probe,
  type TargetKind,
} from './authorization-matrix.js';

/** One row of the table as sent: its route key (`METHOD /url`), the method and the probe. */
export interface MatrixProbe {
  route: string;
  method: string;
  url: string;
  probe: Probe;
}

export interface Sent {
  source: MatrixProbe;
  route: string;
  method: string;
  url: string;
  principal: PrincipalName;
  target: TargetKind;
  /** The target object's id (undefined for target 'none'). */
  id?: number | string;
  expected: Outcome | undefined;
  actual: string;
  status: number;
  body: string;
}

export function matrixProbes(): MatrixProbe[] {
  return Object.entries(AUTHORIZATION_MATRIX).flatMap(([route, probes]) => {
    const [method, url] = route.split(' ');
    return (Array.isArray(probes) ? probes : [probes]).map((probe) => ({ route, method, url, probe }));
  });
}

/** Registered routes the table does not cover (HEAD routes are covered by their GET row), and rows naming no route. */
export function coverage(routes: RouteRecord[]) {
  const rows = new Set(Object.keys(AUTHORIZATION_MATRIX));
  const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
  const covered = (key: string) =>
    rows.has(key) || (key.startsWith('HEAD ') && rows.has(key.replace(/^HEAD /, 'GET ')));
  return {
    missing: [...registered].filter((key) => !covered(key)).sort(),
    stale: [...rows].filter((key) => !registered.has(key)).sort(),
  };
}

const OBJECT_TARGETS: Record<ObjectKind, TargetKind[]> = {
  store: ['own', 'same-company', 'other-company', 'missing'],
  receiver: ['own', 'same-company', 'other-company', 'missing'],
  company: ['own', 'other-company', 'missing'],
  transcript: ['existing', 'missing'],
  'generated-file': ['existing', 'missing'],
  'integration-key': ['existing', 'missing'],
  flow: ['existing', 'missing'],
  'flow-step': ['existing', 'missing'],
};

export function targetKinds(probe: Probe): TargetKind[] {
  if (!probe.object) return ['none'];
  return [...(probe.filter ? (['none'] as const) : []), ...OBJECT_TARGETS[probe.object]];
}

/** The table's outcome; undefined when a per-target cell leaves the target out (reported as a table error). */
export function expectedOutcome(cell: Cell, target: TargetKind): Outcome | undefined {
  return typeof cell === 'string' ? cell : cell[target];
}

/** HEAD answers as GET without a body ('empty' cannot be told from '2xx'); read-only links open GET only. */
export function headOutcome(
  get: Outcome | undefined,
  principal: PrincipalName,
  access: string | undefined,
): Outcome | undefined {
  if (get === 'empty') return '2xx';
  if (access === 'client' && principal.startsWith('link-') && get !== '401') return '403';
  return get;
}

// A WAV header (44 bytes) and a few silent samples: enough for the recording upload to recognise it.
function shortWav(): Buffer {
  const samples = Buffer.alloc(64);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

function fill(text: string, values: Record<string, number | string>, quoted: boolean): string {
  const value = (name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}}`);
    return values[name];
  };
  const whole = quoted ? text.replace(/"\{([\w-]+)\}"/g, (_, name: string) => JSON.stringify(value(name))) : text;
  return whole.replace(/\{([\w-]+)\}/g, (_, name: string) => encodeURIComponent(String(value(name))));
}

/** The URL with `{id}` and the principal's own objects filled in; target 'none' drops the `{id}` filter. */
function urlFor(
  f: MatrixFixture,
  mp: MatrixProbe,
  principal: PrincipalName,
  target: TargetKind,
  values: Record<string, number | string>,
) {
  const template = mp.probe.url ?? mp.url.replace(':id', '{id}');
  if (target !== 'none') return fill(template, values, false);
  const [path, query = ''] = template.split('?');
  const params = new URLSearchParams(query);
  for (const [k, v] of [...params]) if (v === '{id}') params.delete(k);
  const rest = decodeURIComponent(params.toString());
  return fill(rest ? `${path}?${rest}` : path, values, false);
}

/**
 * A 429 "too many concurrent requests" (the password queue takes 12 sign-ins of one address at once; every principal
 * signs in together, and on a loaded machine they overlap) is a busy answer, not the cell's: sent again after its
 * Retry-After, as a client does. A rate limit's 429 ("too many attempts") stays the answer.
 */
async function injectHonouringBusy(f: MatrixFixture, options: InjectOptions) {
  for (let attempt = 0; ; attempt += 1) {
    const res = await f.t.app.inject(options);
    if (res.statusCode !== 429 || !res.body.includes('too many concurrent requests') || attempt === 5) return res;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers['retry-after'] ?? 1)));
  }
}

export async function send(
  f: MatrixFixture,
  mp: MatrixProbe,
  method: string,
  principal: PrincipalName,
  target: TargetKind,
  expected: Outcome | undefined,
): Promise<Sent> {
  const objects = f.targets[principal];
  const values: Record<string, number | string> = {
    'own-store': objects.store.own!,
    'own-receiver': objects.receiver.own!,
    'publish-file': f.publishFileId,
  };
  if (target !== 'none') values.id = objects[mp.probe.object!][target]!;
  const url = urlFor(f, mp, principal, target, values);
  const options: InjectOptions = {
    method: method as InjectOptions['method'],
    url,
    headers: { ...f.headers[principal] },
  };
  const { body } = mp.probe;
  if (body === 'wav') {
    options.payload = shortWav();
    options.headers!['content-type'] = 'audio/wav';
  } else if (body !== undefined) {
    options.payload = fill(JSON.stringify(body), values, true);
    options.headers!['content-type'] = 'application/json';
  }
  const stream = url.startsWith('/ops-api/live/'); // an event stream never ends: read its head only
  const res = await injectHonouringBusy(f, { ...options, payloadAsStream: stream });
  if (stream) res.stream().destroy();
  const text = stream ? '' : res.body;
  return {
    source: mp,
    route: mp.route,
    method,
    url,
    principal,
    target,
    id: values.id,
    expected,
    actual: outcomeOf(res, text, mp.probe, method),
    status: res.statusCode,
    body: text,
  };
}

function isEmptyList(text: string): boolean {
  try {
    const body = JSON.parse(text) as { count?: unknown };
    return body.count === 0;
  } catch {
    return false;
  }
}

function outcomeOf(res: LightMyRequestResponse, text: string, probe: Probe, method: string): string {
  const s = res.statusCode;
  if (s >= 200 && s < 300) return probe.filter && method !== 'HEAD' && isEmptyList(text) ? 'empty' : '2xx';
  if (s >= 300 && s < 400) return '3xx';
  return String(s);
}
