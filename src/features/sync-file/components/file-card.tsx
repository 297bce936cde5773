import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { commonMessages } from '../../../i18n/common-messages';
import { downloadText } from '../../../lib/download-text';
import { useSyncfile } from '../api/syncfile';
import { syncFileMessages } from '../messages';

/** The account's synchronization file: its exact name, copyable, and the download (docs/partner-api.md#syncfile_get). */
export function FileCard() {
  const t = useStore(syncFileMessages);
  const common = useStore(commonMessages);
  const file = useSyncfile();
  const [done, setDone] = useState<'copied' | 'downloaded' | null>(null);

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-foreground">{t.fileHeading}</h2>
      {file.isPending ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t.loadingFile}
        </p>
      ) : file.isError ? (
        <div className="mt-3 space-y-3">
          <ApiErrorAlert error={file.error} title={t.fileFailed} />
          <Button variant="secondary" disabled={file.isFetching} onClick={() => void file.refetch()}>
            {file.isFetching ? <Spinner /> : null}
            {common.retry}
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-3 text-sm font-medium text-muted-foreground">{t.fileNameLabel}</p>
          <p className="mt-1 flex flex-wrap items-center gap-3">
            <code className="rounded-md border border-border bg-surface-muted px-3 py-1.5 font-mono text-base wrap-anywhere text-foreground">
              {file.data.filename}
            </code>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void navigator.clipboard
                  .writeText(file.data.filename)
                  .then(() => setDone('copied'))
                  .catch(() => setDone(null))
              }
            >
              {t.copyName}
            </Button>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{t.fileNameNote}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              onClick={() => {
                downloadText(file.data.filename, file.data.content, 'application/x-httpd-php');
                setDone('downloaded');
              }}
            >
              {t.download}
            </Button>
            <p role="status" className="text-sm text-muted-foreground">
              {done === 'copied'
                ? t.copied
                : done === 'downloaded'
                  ? t.downloaded({ filename: file.data.filename })
                  : ''}
            </p>
          </div>
        </>
      )}
    </Card>
  );
}
