import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import type { RawResponse } from '../../../api/client';
import type { Credentials } from '../../../api/credentials';
import { ApiError, TransportError } from '../../../api/errors';
import { contentTypeOf, retryAfterSeconds } from '../../../api/transport';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { apiCurl, BASE_URL_PLACEHOLDER, MASK, proxyCurl, signatureCommand, type CurlInput } from '../curl';
import { developerMessages } from '../messages';
import { maskTarget, maskText, maskValue, secretsOf } from '../secrets';
import { CopyButton } from './copy-button';
import { JsonBlock } from './json-view';

/**
 * The error an answer reports, as the client would throw it, for the
 * catalogue's words; the service's texts as `shown` shows them (masked).
 */
function answerError(method: string, response: RawResponse, shown: (text: string) => string): unknown {
  const envelope = response.envelope;
  if (envelope && envelope.error !== 0) {
    return new ApiError({
      method,
      code: envelope.error,
      message: shown(envelope.message),
      errorinfo: shown(envelope.errorinfo),
      retryAfter: retryAfterSeconds(response.headers['retry-after'] ?? null),
    });
  }
  if (!envelope && (response.status < 200 || response.status >= 300)) {
    return new TransportError({ method, kind: 'http', status: response.status, message: shown(response.text.trim()) });
  }
  return null;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-mono text-muted-foreground">{label}</dt>
      <dd className="font-mono wrap-anywhere text-foreground">{children}</dd>
    </div>
  );
}

function Command({ text, label }: { text: string; label: string }) {
  return (
    <div className="space-y-1">
      <pre className="overflow-x-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap text-foreground [overflow-wrap:anywhere]">
        {text}
      </pre>
      <CopyButton text={text} label={label} />
    </div>
  );
}

interface CallResultProps {
  method: string;
  response: RawResponse;
  httpMethod: 'GET' | 'POST';
  body: string | undefined;
  credentials: Credentials;
  /** The partner API's {base_url} for the direct curl command; null when the server does not say. */
  apiBaseUrl: string | null;
}

/**
 * One call as sent and answered: the exact target, the signature and how it
 * is made, the status, the envelope (timewait included) or the raw answer,
 * the catalogue's words for an error, and curl commands that repeat it. The
 * key, the mac key and the signature are masked everywhere (the answer too:
 * api_test echoes the cookies they travel in, ../secrets.ts) until the user
 * shows them.
 */
export function CallResult({ method, response, httpMethod, body, credentials, apiBaseUrl }: CallResultProps) {
  const t = useStore(developerMessages);
  const [reveal, setReveal] = useState(false);
  const envelope = response.envelope;
  const secrets = secretsOf(credentials.apiKey, credentials.macKey, response.signature);
  const shownText = (text: string) => (reveal ? text : maskText(text, secrets));
  const error = answerError(method, response, shownText);
  // A key typed into an argument is a secret too: masked in the target line, the signature command and curl.
  const shownTarget = reveal ? response.target : maskTarget(response.target, secrets);
  const curl: Omit<CurlInput, 'origin'> = {
    target: shownTarget,
    httpMethod,
    body: body === undefined ? undefined : shownText(body),
    contentType: body === undefined ? undefined : contentTypeOf(body),
    apiKey: credentials.apiKey,
    signature: response.signature,
    reveal,
  };

  return (
    <Card className="space-y-5 p-5">
      <Switch label={t.revealSecrets} hint={t.revealHint} checked={reveal} onCheckedChange={setReveal} />
      <section>
        <h3 className="font-semibold text-foreground">{t.request}</h3>
        <p className="mt-2 text-sm text-muted-foreground">{t.target}</p>
        <code className="mt-1 block rounded bg-surface-muted px-2 py-1 font-mono text-sm wrap-anywhere text-foreground">
          {httpMethod} {shownTarget}
        </code>
        <p className="mt-3 text-sm text-muted-foreground">{t.signature}</p>
        {response.signature === null ? (
          <p className="mt-1 text-sm">{t.noSignature}</p>
        ) : (
          <>
            <code className="mt-1 block font-mono text-sm wrap-anywhere text-foreground">
              {reveal ? response.signature : <span aria-label={t.masked}>{MASK}</span>}
            </code>
            <p className="mt-2 text-sm text-muted-foreground">{t.signatureHow}</p>
            <Command text={signatureCommand(shownTarget, credentials.macKey ?? '', reveal)} label={t.signature} />
          </>
        )}
      </section>
      <section>
        <h3 className="font-semibold text-foreground">{t.answer}</h3>
        <p role="status" className="sr-only">
          {t.answerReceived({ status: response.status, error: envelope ? envelope.error : '–' })}
        </p>
        {error ? <ApiErrorAlert error={error} className="mt-2" /> : null}
        <dl className="mt-2 grid grid-cols-[minmax(6rem,max-content)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <Row label={t.httpStatus}>{response.status}</Row>
          {envelope ? (
            <>
              <Row label={t.envelopeError}>{envelope.error}</Row>
              <Row label={t.envelopeMessage}>{shownText(envelope.message)}</Row>
              <Row label={t.errorinfo}>{shownText(envelope.errorinfo)}</Row>
              <Row label={t.timewait}>{t.timewaitValue({ ms: envelope.timewait })}</Row>
              <Row label={t.version}>{envelope.version}</Row>
              <Row label={t.keyid}>{envelope.keyid}</Row>
            </>
          ) : null}
        </dl>
        {envelope ? (
          <div className="mt-3">
            <p className="mb-1 font-mono text-sm text-muted-foreground">{t.result}</p>
            <JsonBlock value={reveal ? envelope.result : maskValue(envelope.result, secrets)} label={t.result} />
          </div>
        ) : (
          <div className="mt-3">
            <p className="mb-1 text-sm text-muted-foreground">{t.rawAnswer}</p>
            <pre
              tabIndex={0}
              className="max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs text-foreground"
            >
              {shownText(response.text)}
            </pre>
          </div>
        )}
      </section>
      <section className="space-y-3">
        <h3 className="font-semibold text-foreground">{t.curl}</h3>
        {!reveal ? <p className="text-xs text-muted-foreground">{t.copyMasked}</p> : null}
        <p className="text-sm text-muted-foreground">{t.curlProxy}</p>
        <Command text={proxyCurl({ ...curl, origin: window.location.origin })} label={t.curlProxy} />
        <p className="text-sm text-muted-foreground">{t.curlApi}</p>
        {apiBaseUrl === null ? <p className="text-xs text-muted-foreground">{t.baseUrlUnknown}</p> : null}
        <Command text={apiCurl({ ...curl, origin: apiBaseUrl ?? BASE_URL_PLACEHOLDER })} label={t.curlApi} />
      </section>
    </Card>
  );
}
