/**
 * The person's name for this sign-in (src/data/person-name.ts): from the
 * account menu ("Your name"), and asked before the first change when not
 * given (NamePrompt, mounted once in the signed-in layout), skippable.
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { finishNamePrompt, namePromptOpen, useSetPersonName, useWorkspaceMe } from '../../data/person-name';
import { nameMessages } from './name-messages';

const MAX_NAME = 80;

function NameForm({
  initial,
  onDone,
  onSkip,
  skipLabel,
}: {
  initial: string;
  onDone: () => void;
  onSkip: () => void;
  skipLabel: string;
}) {
  const t = useStore(nameMessages);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useSetPersonName();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (value.length > MAX_NAME) {
      setError(t.tooLong);
      return;
    }
    setError(undefined);
    save.mutate(value === '' ? null : value, { onSuccess: onDone });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Field label={t.label} error={error}>
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            placeholder={t.placeholder}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        )}
      </Field>
      {save.isError ? (
        <Alert tone="error" className="mt-3">
          {t.saveFailed}
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="secondary" onClick={onSkip}>
          {skipLabel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {save.isPending ? t.saving : t.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Your name" from the account menu. */
export function YourNameDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useStore(nameMessages);
  const me = useWorkspaceMe(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.dialogTitle} description={t.dialogDescription} width="sm">
        {me.isPending ? null : (
          <NameForm
            initial={me.data?.key.name ?? ''}
            onDone={() => onOpenChange(false)}
            onSkip={() => onOpenChange(false)}
            skipLabel={t.cancel}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The question before the first change of a sign-in without a name; Skip (or closing) is remembered for this tab. */
export function NamePrompt({ apiKey }: { apiKey: string }) {
  const t = useStore(nameMessages);
  const open = useStore(namePromptOpen);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : finishNamePrompt(true, apiKey))}>
      <DialogContent title={t.promptTitle} description={t.promptDescription} width="sm">
        <NameForm
          initial=""
          onDone={() => finishNamePrompt(false, apiKey)}
          onSkip={() => finishNamePrompt(true, apiKey)}
          skipLabel={t.skip}
        />
      </DialogContent>
    </Dialog>
  );
}
