import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { developerMessages } from '../messages';

/** Copies `text` (what is on screen); says so next to the button. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useStore(developerMessages);
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={t.copyCommand({ what: label })}
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => setCopied(text),
            () => setCopied(null),
          )
        }
      >
        {t.copy}
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {copied === text ? t.copied : ''}
      </span>
    </span>
  );
}
