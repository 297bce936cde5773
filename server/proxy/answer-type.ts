/** The Content-Type the proxy gives an API answer (README "Security"). */

/** Types a raw file answer may keep: the file itself (syncfile_get), never one a browser would render. */
const FILE_TYPES = /^(?:application\/(?:x-httpd-php|x-php|octet-stream)|text\/(?:plain|x-php))\s*(?:;|$)/i;

/**
 * What the browser is told an API answer is, whatever the upstream said: an
 * envelope is JSON, `api_test`'s raw result and every raw error are text, the
 * synchronization file is a file (its own type when it names one, else
 * octet-stream). With nosniff on every answer, nothing is read as HTML.
 */
export function answerType(method: string, rawText: boolean, status: number, upstream: string | null): string {
  if (!rawText)
    return upstream !== null && /^application\/json\s*(?:;|$)/i.test(upstream)
      ? upstream
      : 'application/json; charset=UTF-8';
  if (method === 'syncfile_get' && status < 400) {
    return upstream !== null && FILE_TYPES.test(upstream) ? upstream : 'application/octet-stream';
  }
  return 'text/plain; charset=utf-8';
}
