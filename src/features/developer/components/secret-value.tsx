import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MASK } from '../curl';
import { developerMessages } from '../messages';

/** A secret shown masked; its value enters the page only while the user has it revealed. */
export function SecretValue({ name, value }: { name: string; value: string }) {
  const t = useStore(developerMessages);
  const [shown, setShown] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="min-w-0 rounded bg-surface-muted px-2 py-1 font-mono text-sm wrap-anywhere text-foreground">
        {shown ? value : <span aria-label={t.masked}>{MASK}</span>}
      </code>
      <Button
        variant="secondary"
        size="sm"
        aria-label={shown ? t.hideSecret({ name }) : t.showSecret({ name })}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? t.hide : t.show}
      </Button>
    </div>
  );
}
