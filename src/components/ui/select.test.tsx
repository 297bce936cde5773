import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Select } from './select';

type Period = 'month' | 'week' | 'day' | '0';
const OPTIONS = [
  { value: 'month', label: 'Monthly' },
  { value: 'week', label: 'Weekly' },
  { value: 'day', label: 'Daily' },
  { value: '0', label: 'Off', disabled: true },
] as const;

function ScanPeriod({ onChange }: { onChange: (p: Period) => void }) {
  const [period, setPeriod] = useState<Period>('week');
  return (
    <Field label="Scan period" hint="How often the site is scanned.">
      {(control) => (
        <Select
          {...control}
          value={period}
          options={OPTIONS}
          onValueChange={(p) => {
            setPeriod(p);
            onChange(p);
          }}
        />
      )}
    </Field>
  );
}

describe('Select', () => {
  it('is labelled and described by its field, shows the value, and reports a choice typed as an option', async () => {
    const user = userEvent.setup();
    const chosen: Period[] = [];
    render(<ScanPeriod onChange={(p) => chosen.push(p)} />);
    const select = screen.getByRole('combobox', { name: 'Scan period' });
    expect(select).toHaveAccessibleDescription('How often the site is scanned.');
    expect(select).toHaveDisplayValue('Weekly');

    await user.selectOptions(select, 'Daily');
    expect(select).toHaveDisplayValue('Daily');
    expect(chosen).toEqual(['day']);
    expect(screen.getByRole('option', { name: 'Off' })).toBeDisabled();
  });
});
