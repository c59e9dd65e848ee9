// The short OpenAPI description `openscraper serve` gives at /openapi.json, written from the same
// definitions the server uses: the query parameters from the CLI's option schema, the error
// statuses from the error codes.
import { APP_NAME, APP_VERSION } from '../version';
import { codesByStatus } from './errors';
import { queryParameters } from './query';

type Json = Record<string, unknown>;

function parameterSchema(meta: { arg?: string; read?: string }): Json {
  if (meta.arg === undefined) return { type: 'boolean', description: 'present (or true, 1) to switch on' };
  if (meta.read === 'whole') return { type: 'integer', minimum: 0 };
  if (meta.read === 'duration') return { type: 'string', pattern: '^\\d+(\\.\\d+)?(ms|s)?$', description: 'seconds, or "…ms"' };
  if (meta.read === 'repeated') return { type: 'array', items: { type: 'string' } };
  return { type: 'string' };
}

function optionParameters(): Json[] {
  return queryParameters().map(({ meta }) => ({
    name: meta.flag,
    in: 'query',
    required: false,
    description: [meta.help].flat().join(' '),
    schema: parameterSchema(meta),
    ...(meta.read === 'repeated' ? { style: 'form', explode: true } : {}),
  }));
}

const errorBody = {
  type: 'object',
  required: ['ok', 'error'],
  properties: { ok: { const: false }, input: { type: 'string' }, error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
};

function pageResponses(): Json {
  const responses: Json = {
    200: {
      description: 'The page as Markdown; with `Accept: application/json`, the whole result (markdown, removed elements and their rules, metadata, stats, warnings, source facts).',
      content: { 'text/markdown': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object', properties: { ok: { const: true }, input: { type: 'string' }, source: { type: 'object' }, result: { type: 'object' } } } } },
    },
  };
  for (const [status, codes] of [...codesByStatus()].sort(([a], [b]) => a - b)) {
    responses[status] = { description: `error codes: ${codes.join(', ')}`, content: { 'application/json': { schema: errorBody }, 'text/plain': { schema: { type: 'string' } } } };
  }
  responses[401] = { description: 'a token is needed (Authorization: Bearer <token>)' };
  responses[403] = { description: 'without a token: the Host header does not name this server' };
  responses[429] = { description: 'too many requests at once (Retry-After)' };
  return responses;
}

export function openApiDocument(): Json {
  const options = optionParameters();
  const responses = pageResponses();
  return {
    openapi: '3.1.0',
    info: { title: `${APP_NAME} serve`, version: APP_VERSION, description: 'Web pages, HTML and PDFs to clean Markdown.' },
    components: { securitySchemes: { token: { type: 'http', scheme: 'bearer', description: 'needed when the server was started with a token (always, off loopback)' } } },
    paths: {
      '/': {
        get: {
          summary: 'Load a page and convert it',
          parameters: [{ name: 'url', in: 'query', required: true, description: 'the http or https URL of the page', schema: { type: 'string', format: 'uri' } }, ...options],
          responses,
        },
      },
      '/{url}': {
        get: {
          summary: 'Load a page and convert it (the whole rest of the path and its query are the URL: use /?url= for options)',
          parameters: [{ name: 'url', in: 'path', required: true, description: 'e.g. /https://example.com/page?id=1', schema: { type: 'string' } }],
          responses,
        },
      },
      '/convert': {
        post: {
          summary: 'Convert the HTML (or PDF) in the body',
          parameters: options,
          requestBody: { required: true, content: { 'text/html': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
          responses,
        },
      },
      '/openapi.json': { get: { summary: 'This description', responses: { 200: { description: 'OpenAPI 3.1', content: { 'application/json': {} } } } } },
    },
  };
}
