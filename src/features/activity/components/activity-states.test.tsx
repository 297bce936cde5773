/**
 * Why the activity could not be read, in words that say whose fault it is: the
 * dashboard's own server out of reach, the service that checks the key, the
 * key refused, or the server's own failure.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkspaceError } from '../../../api/errors';
import { ActivityError } from './activity-states';

const said = (error: unknown) => {
  const view = render(<ActivityError error={error} onRetry={() => undefined} retrying={false} />);
  const text = screen.getByRole('alert').textContent;
  view.unmount();
  return text;
};

describe('ActivityError', () => {
  it('tells the server out of reach from the service down, a refused key and a failure of its own', () => {
    expect(said(new WorkspaceError(0, 'network', 'x'))).toContain('could not reach its own server');
    expect(said(new WorkspaceError(502, 'upstream-down', 'x'))).toContain('partner API could not be reached');
    expect(said(new WorkspaceError(401, 'key-refused', 'x'))).toContain('Your key was not accepted');
    expect(said(new WorkspaceError(500, 'workspace-failed', 'x'))).toContain('could not read the activity log');
  });
});
