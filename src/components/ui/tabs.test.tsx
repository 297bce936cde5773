import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Report() {
  return (
    <Tabs defaultValue="chart">
      <TabsList aria-label="Firewall history">
        <TabsTrigger value="chart">Chart</TabsTrigger>
        <TabsTrigger value="table">Table</TabsTrigger>
      </TabsList>
      <TabsContent value="chart">The chart</TabsContent>
      <TabsContent value="table">The numbers</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('is a labelled tab list; arrow keys move between tabs and show their panel', async () => {
    const user = userEvent.setup();
    render(<Report />);
    expect(screen.getByRole('tablist', { name: 'Firewall history' })).toBeInTheDocument();
    const chart = screen.getByRole('tab', { name: 'Chart' });
    expect(chart).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Chart' })).toHaveTextContent('The chart');

    await user.click(chart);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Table' })).toHaveTextContent('The numbers');
  });
});
