import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { usePageTitle } from '../../lib/use-page-title';
import { shellMessages } from './messages';

interface PlaceholderPageProps {
  title: string;
  intro: ReactNode;
  /** What the page will do once its issue lands. */
  coming: string[];
  children?: ReactNode;
}

/** A real route whose page says what is coming (the next issues build it). */
export function PlaceholderPage({ title, intro, coming, children }: PlaceholderPageProps) {
  const t = useStore(shellMessages);
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        <span className="rounded-full border border-info-border bg-info-surface px-2.5 py-0.5 text-xs font-medium text-info-text">
          {t.comingNext}
        </span>
      </div>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      {children}
      <Card className="mt-6 p-5">
        <h2 className="text-base font-semibold text-foreground">{t.whatThisPageWillDo}</h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-foreground">
          {coming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
