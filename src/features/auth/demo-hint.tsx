import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Rich } from '../../i18n/rich';
import { authMessages } from './messages';
import { demoEmailQuery } from './sandbox-mode';

/**
 * On the sandbox, while it has a demo account: which e-mail a demo viewer signs
 * in with (docs/architecture.md#three-uses, use 3), as the sandbox names it. The button fills the
 * field and leaves sending the code to the user.
 */
export function DemoHint({ onUse }: { onUse: (email: string) => void }) {
  const t = useStore(authMessages);
  const { data: demoEmail } = useQuery(demoEmailQuery());
  if (typeof demoEmail !== 'string') return null;
  return (
    <Alert tone="info" role="note" className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <p>
        <Rich text={t.demoHint} values={{ email: <span className="font-semibold wrap-anywhere">{demoEmail}</span> }} />
      </p>
      <Button variant="secondary" size="sm" onClick={() => onUse(demoEmail)}>
        {t.useDemoEmail}
      </Button>
    </Alert>
  );
}
