/**
 * A key the user types into an argument stays out of the page until the user
 * shows the secrets: in the target line, the signature command and both curl
 * commands. On the real stack (the real proxy in front of the sandbox, over
 * real HTTP; test-support/real-stack.ts).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../../api/credentials';
import { renderInRouter } from '../../../test/render-in-router';
import { holdingFetch, startRealStack, type RealStack } from '../../../../test-support/real-stack';
import { MASK } from '../curl';
import type { DeveloperTab } from '../tabs';
import { DeveloperPage } from './developer-page';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

function Console({ credentials }: { credentials: Credentials }) {
  const [tab, setTab] = useState<DeveloperTab>('playground');
  const [method, setMethod] = useState<string | undefined>();
  const [query, setQuery] = useState('');
  return (
    <DeveloperPage
      tab={tab}
      method={method}
      query={query}
      credentials={credentials}
      apiBaseUrl={null}
      onTabChange={setTab}
      onMethodChange={(m, next) => {
        setMethod(m);
        if (next) setTab(next);
      }}
      onQueryChange={setQuery}
    />
  );
}

describe('a key typed into an argument of the developer console', () => {
  it('is masked in the target line, the signature command and both curl commands until shown', async () => {
    const user = userEvent.setup();
    const credentials = await stack.signIn(`target-mask-${Date.now().toString(36)}@spa.example`);
    const network = holdingFetch(/^$/);
    renderInRouter(() => <Console credentials={credentials} />, { api: stack.client(credentials, network.fetch) });
    const str = await screen.findByLabelText('str', { exact: true });
    await user.clear(str);
    await user.type(str, credentials.apiKey);
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const line = await screen.findByText(/^GET \/api\/api_test\//);
    expect(line).toHaveTextContent(`str=${MASK}&`);
    expect(document.body).not.toHaveTextContent(credentials.apiKey);
    expect(screen.getByText(/^curl -H 'X-Apikey: /)).toHaveTextContent(`?str=${MASK}&`);
    expect(screen.getByText(/^curl -b 'apikey=/)).toHaveTextContent(`?str=${MASK}&`);
    expect(screen.getByText(/openssl dgst -md5 -hmac/)).toHaveTextContent(`str=${MASK}&`);

    await user.click(screen.getByRole('switch', { name: 'Show the key and signature' }));
    expect(line).toHaveTextContent(`str=${credentials.apiKey}&`);
  });
});
