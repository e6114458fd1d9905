import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** What an answer means when its route gives it no description of its own. */
const ANSWERS: Record<string, string> = {
  400: 'The request is not valid: the error body says which parameter or field, and why.',
  401: 'No valid credentials: sign in, or refresh the access token when the detail says so.',
  403: 'The credentials do not allow this.',
  404: 'Not found (or not yours: another tenant’s object answers alike).',
  429: 'Too many requests of this client at once, or too many of this kind: retry after Retry-After seconds.',
  503: 'The server is busy or its database out of reach: retry after Retry-After seconds.',
  default: 'Any other status is an error, in the error body.',
};

/**
 * OpenAPI 3.0 lets `nullable` stand only beside a `type`; zod's 3.0 output puts it beside `anyOf` for a nullable
 * union (`a | b | null`). Each branch says it may be null instead, which means the same.
 */
function nullableBranches(schema: Json, where: string) {
  delete schema.nullable;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (!branches) {
    // Any value (`{}`): null is one already.
    if (Object.keys(schema).every((key) => key === 'description')) return;
    throw new Error(`OpenAPI: ${where} is nullable without a type or branches to carry it`);
  }
  for (const branch of branches) {
    if (branch.type) branch.nullable = true;
    else nullableBranches(branch, where);
  }
}

/**
 * zod writes a tuple for OpenAPI 3.0 (which has no prefixItems) as items: { anyOf: [one per position] }; positions
 * of one type (a longitude and a latitude) repeat a branch, which says nothing more: one is kept.
 */
function distinctBranches(schema: Json) {
  const branches = schema.anyOf as Json[];
  const seen = new Map(branches.map((branch) => [JSON.stringify(branch), branch]));
  if (seen.size === branches.length) return;
  if (seen.size > 1) {
    schema.anyOf = [...seen.values()];
    return;
  }
  delete schema.anyOf;
  Object.assign(schema, branches[0]);
}

function visit(node: unknown, where: string) {
  if (Array.isArray(node)) {
    node.forEach((item, i) => visit(item, `${where}/${i}`));
    return;
  }
  if (!isObject(node)) return;
  if (Array.isArray(node.anyOf)) distinctBranches(node);
  if (node.nullable === true && node.type === undefined) nullableBranches(node, where);
  for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
}

/** Answers that say only "Default Response" (what @fastify/swagger writes) say what the status means. */
function describeAnswers(paths: Json) {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as Json)) {
      const responses = isObject(operation) ? (operation.responses as Json | undefined) : undefined;
      for (const [code, answer] of Object.entries(responses ?? {})) {
        if (isObject(answer) && answer.description === 'Default Response') {
          answer.description = ANSWERS[code] ?? STATUS_CODES[code] ?? `Status ${code}`;
        }
      }
    }
  }
}

/** The component schemas nothing refers to (fastify-type-provider-zod writes an input and an output of each). */
function dropUnused(document: Json) {
  const schemas = (document.components as Json | undefined)?.schemas as Json | undefined;
  if (!schemas) return;
  const text = JSON.stringify(document);
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
}

/**
 * @fastify/swagger's transformObject: the whole document once its operations are in, with the schemas of the zod
 * registry (ErrorBody) among its components.
 */
export const finishDocument: SwaggerTransformObject = (input) => {
  if (!('openapiObject' in input)) throw new Error('OpenAPI: this server writes OpenAPI 3 documents only');
  const document = jsonSchemaTransformObject(input) as Json;
  visit(document.paths, '#/paths');
  visit(document.components, '#/components');
  describeAnswers(document.paths as Json);
  dropUnused(document);
  return document;
};
