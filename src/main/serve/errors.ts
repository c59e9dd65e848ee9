// The HTTP status for each way a page can fail, defined once over the library's error codes (a new
// code does not compile until it has one): what `openscraper serve` answers, what its OpenAPI
// description lists.
import type { ScrapeErrorCode } from '../../shared/page';

export const HTTP_STATUS_BY_CODE: Readonly<Record<ScrapeErrorCode, number>> = {
  'invalid-input': 400,
  'not-found': 404,
  'http-status': 502,
  dns: 502,
  connection: 502,
  tls: 502,
  timeout: 504,
  'too-large': 413,
  'too-many-redirects': 502,
  'unsupported-type': 415,
  pdf: 422,
  render: 502,
  budget: 422,
  // The client went away (nginx's "client closed request"); nobody reads it.
  cancelled: 499,
  internal: 500,
  // A batch's or crawl's own verdicts (serve answers a single page, so only bot-wall comes from a load there).
  'not-modified': 304,
  robots: 403,
  'bot-wall': 502,
  'soft-404': 404,
  'no-content': 422,
};

/** The codes answered with each status, for the OpenAPI description. */
export function codesByStatus(): Map<number, ScrapeErrorCode[]> {
  const byStatus = new Map<number, ScrapeErrorCode[]>();
  for (const [code, status] of Object.entries(HTTP_STATUS_BY_CODE) as Array<[ScrapeErrorCode, number]>) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return byStatus;
}
