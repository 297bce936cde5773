import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSyncfile } from '../api/syncfile';
import { syncFileMessages } from '../messages';
import { FileCard } from './file-card';
import { InstallGuide } from './install-guide';

interface SyncFilePageProps {
  /**
   * The per-site health section (`SiteHealth`: the sites whose last scan
   * answered 146901, with re-check). A slot, so that the page's own test needs
   * no sites.
   */
  siteHealth: ReactNode;
}

/** /sync-file: the synchronization file, how to install it, and which sites still miss it (docs/partner-api.md#syncfile_get). */
export function SyncFilePage({ siteHealth }: SyncFilePageProps) {
  const t = useStore(syncFileMessages);
  usePageTitle(t.pageTitle);
  const file = useSyncfile();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.pageTitle}</h1>
      <p className="mt-2 text-muted-foreground">{t.intro}</p>
      <div className="mt-6 space-y-6">
        <FileCard />
        <InstallGuide filename={file.data?.filename} />
        <section>{siteHealth}</section>
      </div>
    </div>
  );
}
