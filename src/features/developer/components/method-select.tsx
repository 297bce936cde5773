import { useStore } from '@nanostores/react';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { developerMessages } from '../messages';

interface MethodSelectProps {
  methods: readonly string[];
  value: string | undefined;
  onChange: (method: string) => void;
  className?: string;
}

/** The method to show or call, as the system's picker: the Methods and Request builder tabs. */
export function MethodSelect({ methods, value, onChange, className }: MethodSelectProps) {
  const t = useStore(developerMessages);
  return (
    <Field label={t.method} className={className}>
      {(control) => (
        <Select
          {...control}
          value={value ?? ''}
          onValueChange={onChange}
          options={methods.map((m) => ({ value: m, label: m }))}
        />
      )}
    </Field>
  );
}
