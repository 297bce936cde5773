/**
 * The sync file page on the real stack: the exact name from X-Filename (spec
 * docs/partner-api.md#syncfile_get) shown before any download, and the address to check on a site.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../test/render-in-router';
import { startRealStack, type RealStack } from '../../../../test-support/real-stack';
import { SyncFilePage } from './sync-file-page';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

describe('the sync file page', () => {
  it('shows the exact file name and builds the address to check on a site', async () => {
    const user = userEvent.setup();
    const api = stack.client(await stack.signIn(`syncfile-${Date.now().toString(36)}@spa.example`));
    const { filename } = await api.syncfile_get();
    renderInRouter(() => <SyncFilePage siteHealth={<p>health slot</p>} />, { api });

    expect(await screen.findByText(filename, { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the file' })).toBeEnabled();
    expect(screen.getByText('health slot')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your site'), 'not a domain');
    expect(screen.getByLabelText('Your site')).toHaveAccessibleDescription(/Enter a domain name, like example.com/);
    await user.clear(screen.getByLabelText('Your site'));
    await user.type(screen.getByLabelText('Your site'), 'https://bücher.example/');
    const link = screen.getByRole('link', { name: /^Open https:\/\/xn--bcher-kva\.example\// });
    expect(link).toHaveAttribute('href', `https://xn--bcher-kva.example/${filename}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
