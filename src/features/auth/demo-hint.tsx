import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DEMO_EMAIL, sandboxModeQuery } from './sandbox-mode';

/**
 * On the sandbox only: which e-mail a demo viewer signs in with (DESIGN.md,
 * use 3). The button fills the field and leaves sending the code to the user.
 */
export function DemoHint({ onUse }: { onUse: (email: string) => void }) {
  const { data: sandbox } = useQuery(sandboxModeQuery());
  if (!sandbox) return null;
  return (
    <Alert tone="info" role="note" className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <p>
        Demo: sign in as <span className="font-semibold wrap-anywhere">{DEMO_EMAIL}</span> — the code appears below.
      </p>
      <Button variant="secondary" size="sm" onClick={() => onUse(DEMO_EMAIL)}>
        Use the demo e-mail
      </Button>
    </Alert>
  );
}
