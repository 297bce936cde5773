import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { getMethod } from '../../../api/registry';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/spinner';
import { useMethodData } from '../api/methods';
import { developerMessages } from '../messages';
import { methodDescription, methodMessages } from '../method-messages';
import { JsonBlock } from './json-view';
import { SERVICE_LANG } from '../service-lang';

/** The fields of api_methoddata (docs/partner-api.md#api_methoddata); anything else is method-specific configuration. */
const KNOWN = new Set(['description', 'alwaysRaw', 'httpMethods', 'path', 'argv', 'post', 'errprefix', 'errors']);

function Table({ head, rows, valueLang }: { head: [string, string]; rows: [ReactNode, string][]; valueLang?: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <th scope="col" className="py-1.5 pr-4 font-medium">
              {head[0]}
            </th>
            <th scope="col" className="py-1.5 font-medium">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, value], i) => (
            <tr key={i} className="border-b border-border last:border-0">
              <th scope="row" className="py-1.5 pr-4 align-top font-mono font-normal whitespace-nowrap text-foreground">
                {key}
              </th>
              <td lang={valueLang} className="py-1.5 font-mono wrap-anywhere text-foreground">
                {value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h4 className="mb-2 text-sm font-semibold text-foreground">{title}</h4>
      {children}
    </section>
  );
}

/** api_methoddata of one method (docs/partner-api.md#method-metadata), every field rendered; the error table with full codes. */
export function MethodDetail({ name, onTry }: { name: string; onTry: () => void }) {
  const t = useStore(developerMessages);
  const ours = methodDescription(useStore(methodMessages), name);
  const data = useMethodData(name);
  if (data.isPending) {
    return <LoadingStatus>{t.loadingMethod}</LoadingStatus>;
  }
  if (data.isError) return <ApiErrorAlert error={data.error} title={t.methodFailed} />;
  const d = data.data;
  const registryPath = getMethod(name)?.path ?? [];
  const http = d.httpMethods === undefined ? t.anyHttpMethod : [d.httpMethods].flat().join(', ');
  const argv = Object.entries(d.argv ?? {});
  const post = Object.entries(d.post ?? {});
  const extra = Object.fromEntries(Object.entries(d).filter(([key]) => !KNOWN.has(key)));
  return (
    <Card className="p-5" aria-labelledby={`method-${name}`} role="article">
      <h3 id={`method-${name}`} className="font-mono text-lg font-semibold text-foreground">
        {name}
      </h3>
      {ours ? <p className="mt-1 text-sm text-foreground">{ours}</p> : null}
      {d.description ? (
        // The service's own words, in its language, said to be the service's.
        <p className="mt-1 text-sm text-muted-foreground" data-field="service-description">
          <span className="font-medium">{t.serviceDescription}:</span> <span lang={SERVICE_LANG}>{d.description}</span>
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t.httpMethods}</dt>
        <dd className="font-mono">{http}</dd>
        <dt className="text-muted-foreground">{t.errprefix}</dt>
        <dd className="font-mono">{d.errprefix}</dd>
        {d.alwaysRaw ? (
          <>
            <dt className="text-muted-foreground">{t.alwaysRaw}</dt>
            <dd>{t.alwaysRawYes}</dd>
          </>
        ) : null}
      </dl>
      <Section title={t.pathParams}>
        {(d.path ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.none}</p>
        ) : (
          <Table
            head={[t.name, t.expression]}
            rows={(d.path ?? []).map((re, i) => [registryPath[i]?.name ?? t.pathEntry({ n: i + 1 }), re])}
          />
        )}
      </Section>
      <Section title={t.argv}>
        {argv.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.none}</p>
        ) : (
          <Table head={[t.name, t.expression]} rows={argv} />
        )}
      </Section>
      {post.length > 0 ? (
        <Section title={t.post}>
          <Table head={[t.name, t.expression]} rows={post} />
        </Section>
      ) : null}
      <Section title={t.errors}>
        {(d.errors ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.none}</p>
        ) : (
          <Table
            head={[t.code, t.serviceMessage]}
            rows={(d.errors ?? []).map((message, i) => [d.errprefix * 1000 + 900 + i, message])}
            valueLang={SERVICE_LANG}
          />
        )}
      </Section>
      {Object.keys(extra).length > 0 ? (
        <Section title={t.otherConfig}>
          <JsonBlock value={extra} label={t.otherConfig} />
        </Section>
      ) : null}
      <Button variant="secondary" className="mt-5" onClick={onTry}>
        {t.tryIt}
      </Button>
    </Card>
  );
}
