import type { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * Bytes on the wire (a Buffer or a stream), described as OpenAPI's binary string. Fastify sends Buffers and streams
 * as they are, so this schema never serialises anything: it only documents the answer (or a request body).
 */
export const bytesSchema = z
  .custom<Buffer | Readable>(() => true)
  .meta({ type: 'string', format: 'binary', description: 'The file itself.' });

/** Text that is not JSON (a server-sent event stream). */
const textSchema = z.string();

/**
 * A route's answer that is a file (or a stream of text): its media types, so that the OpenAPI document and the
 * clients generated from it know what comes back. `contentTypes` may hold a range such as `audio/*`.
 */
export function fileAnswer(description: string, contentTypes: readonly string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: bytesSchema }])) };
}

/** An answer of text in the given media type (e.g. `text/event-stream`). */
export function textAnswer(description: string, contentType: string) {
  return { description, content: { [contentType]: { schema: textSchema } } };
}

/** A redirect: a Location header and no body (undefined is written as no content). */
export function redirectAnswer(description: string) {
  return z.undefined().meta({ description });
}
