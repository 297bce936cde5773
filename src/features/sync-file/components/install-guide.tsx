import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Rich } from '../../../i18n/rich';
import { syncFileMessages } from '../messages';
import { ReachabilityCheck } from './reachability-check';

const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-accent px-1 py-0.5 font-mono text-[0.9em] wrap-anywhere">{children}</code>
);

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[2rem_minmax(0,1fr)] gap-3">
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
      >
        {n}
      </span>
      <div>
        <h3 className="pt-1 font-semibold text-foreground">{title}</h3>
        <div className="mt-1 space-y-2 text-sm text-foreground">{children}</div>
      </div>
    </li>
  );
}

/** Step by step: download, find the root folder, upload, check, scan. */
export function InstallGuide({ filename }: { filename: string | undefined }) {
  const t = useStore(syncFileMessages);
  const name = filename ?? '<file>';
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-foreground">{t.guideHeading}</h2>
      <ol className="mt-4 space-y-6">
        <Step n={1} title={t.step1Title}>
          <p>{t.step1Text}</p>
        </Step>
        <Step n={2} title={t.step2Title}>
          <p>{t.step2Text}</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <Rich text={t.rootCpanel} values={{ folder: <Code>public_html</Code> }} />
            </li>
            <li>
              <Rich text={t.rootPlesk} values={{ folder: <Code>httpdocs</Code> }} />
            </li>
            <li>
              <Rich text={t.rootWordpress} values={{ file: <Code>wp-config.php</Code> }} />
            </li>
            <li>
              <Rich
                text={t.rootServer}
                values={{ folder: <Code>/var/www/example.com</Code>, folder2: <Code>/var/www/html</Code> }}
              />
            </li>
          </ul>
        </Step>
        <Step n={3} title={t.step3Title}>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t.uploadFtp}</li>
            <li>{t.uploadFileManager}</li>
            <li>
              <Rich
                text={t.uploadShell}
                values={{ command: <Code>{`scp ${name} user@host:/var/www/example.com/`}</Code> }}
              />
            </li>
          </ul>
          <p>{t.uploadRules}</p>
        </Step>
        <Step n={4} title={t.step4Title}>
          <p>
            <Rich text={t.step4Text} values={{ url: <Code>{`https://example.com/${name}`}</Code> }} />
          </p>
          <ReachabilityCheck filename={filename} />
        </Step>
        <Step n={5} title={t.step5Title}>
          <p>{t.step5Text}</p>
          <Link to="/sites" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {t.goToSites}
          </Link>
        </Step>
      </ol>
    </Card>
  );
}
