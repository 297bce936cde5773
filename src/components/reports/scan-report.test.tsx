import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScanReport } from '../../api/schemas';
import { ScanReportView } from './scan-report';

const report = (fields: Partial<ScanReport>): ScanReport => ({
  id: 159,
  date: 1_800_000_000,
  cure: 1,
  threats: 0,
  incurable: 0,
  doubt: 0,
  treated: 6,
  detectedfiles: 6,
  incurablefiles: 0,
  malicious: 6,
  suspicious: 0,
  checkeddirs: 40,
  checkedfiles: 900,
  treatedfiles: 6,
  deletedfiles: 0,
  totalbytes: 1000,
  checkedbytes: 1000,
  errors: 0,
  ...fields,
});

const tones = () =>
  Object.fromEntries(
    [...document.querySelectorAll('[data-field][data-tone]')].map((el) => [
      el.getAttribute('data-field'),
      el.getAttribute('data-tone'),
    ]),
  );

describe('ScanReportView', () => {
  it('a cleaned site: what was found is said as found and dealt with, with no alarm and no "needs action"', () => {
    render(<ScanReportView report={report({})} />);
    expect(tones()).toMatchObject({ threats: 'neutral', malicious: 'neutral', treatedfiles: 'neutral' });
    expect(screen.queryByText(/needs action/)).toBeNull();
    expect(screen.getByText('The files found were dealt with: no threat or suspicion remains.')).toBeInTheDocument();
  });

  it('keeps the alarm while threats or suspicions remain', () => {
    render(<ScanReportView report={report({ threats: 2, doubt: 1, suspicious: 1, treated: 4 })} />);
    expect(tones()).toMatchObject({ threats: 'danger', malicious: 'danger', doubt: 'warning', suspicious: 'warning' });
    expect(screen.queryByText(/were dealt with/)).toBeNull();
  });
});
