/**
 * The developer console on the real stack: the request builder refuses what
 * api_methoddata's expressions refuse before anything is sent, a call shows
 * its exact target and signature, and the keys stay out of the page (curl
 * included) until the user shows them.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../../api/credentials';
import { buildTarget } from '../../../api/target';
import { hmacMd5Hex } from '../../../api/sign';
import { renderInRouter } from '../../../test/render-in-router';
import { holdingFetch, startRealStack, type RealStack } from '../../../../test-support/real-stack';
import type { DeveloperTab } from '../tabs';
import { DeveloperPage } from './developer-page';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

let n = 0;
const newAccount = () => stack.signIn(`developer-${++n}-${Date.now().toString(36)}@spa.example`);

/** The page with its URL state held locally (the route keeps it in search params). */
function Console({ credentials, initialTab }: { credentials: Credentials; initialTab: DeveloperTab }) {
  const [tab, setTab] = useState<DeveloperTab>(initialTab);
  const [method, setMethod] = useState<string | undefined>();
  const [query, setQuery] = useState('');
  return (
    <DeveloperPage
      tab={tab}
      method={method}
      query={query}
      credentials={credentials}
      onTabChange={setTab}
      onMethodChange={(m, next) => {
        setMethod(m);
        if (next) setTab(next);
      }}
      onQueryChange={setQuery}
    />
  );
}

async function open(credentials: Credentials, tab: DeveloperTab) {
  const network = holdingFetch(/^$/);
  renderInRouter(() => <Console credentials={credentials} initialTab={tab} />, {
    api: stack.client(credentials, network.fetch),
  });
  await screen.findByRole('heading', { level: 1, name: 'Developer' });
  return network;
}

describe('the developer console', () => {
  it('checks the builder’s values against api_methoddata before sending, then shows the signed call', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount();
    const network = await open(credentials, 'request');
    await user.selectOptions(await screen.findByLabelText('Method'), 'site_delete');
    const domain = await screen.findByLabelText('domain', { exact: true });
    await user.type(domain, 'not a domain');
    await user.type(screen.getByLabelText('ignore', { exact: true }), 'maybe');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(domain).toHaveAccessibleDescription(/Does not match the expression above\./);
    expect(screen.getByLabelText('ignore', { exact: true })).toHaveAccessibleDescription(/Does not match/);
    expect(network.calls.filter((p) => p.startsWith('/api/site_delete/'))).toEqual([]);

    await user.clear(domain);
    await user.type(domain, 'bücher.example');
    await user.clear(screen.getByLabelText('ignore', { exact: true }));
    await user.type(screen.getByLabelText('ignore', { exact: true }), '1');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const target = buildTarget('site_delete', ['bücher.example'], { ignore: '1' });
    expect(await screen.findByText(`GET ${target}`)).toBeInTheDocument();
    expect(screen.getByText(hmacMd5Hex(credentials.macKey ?? '', target))).toBeInTheDocument();
    expect(screen.getByText('timewait')).toBeInTheDocument();
  });

  it('shows an api_test error in the catalogue’s words, and masks the key and signature in curl until shown', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount();
    await open(credentials, 'playground');
    await user.type(await screen.findByLabelText('err', { exact: true }), '2');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Test error 1');
    expect(alert).toHaveTextContent('Error code 100901');
    const page = document.body;
    expect(page).not.toHaveTextContent(credentials.apiKey);
    expect(page).not.toHaveTextContent(credentials.macKey ?? '');
    const proxyCommand = screen.getByText(/^curl -H 'X-Apikey: ••••••••' -H 'X-Apimac: ••••••••'/);

    await user.click(screen.getByRole('switch', { name: 'Show the key and signature in the commands' }));
    expect(proxyCommand).toHaveTextContent(`X-Apikey: ${credentials.apiKey}`);
    expect(screen.getByText(/^curl -b 'apikey=/)).toHaveTextContent(`apikey=${credentials.apiKey}; apimac=`);
    expect(screen.getByText(/openssl dgst -md5 -hmac/)).toHaveTextContent(`-hmac '${credentials.macKey}'`);
  });

  it('shows the keys masked until revealed, one at a time', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount();
    await open(credentials, 'account');
    const keys = await screen.findByRole('heading', { name: 'Your keys in this browser' });
    expect(document.body).not.toHaveTextContent(credentials.apiKey);
    await user.click(screen.getByRole('button', { name: 'Show the API key' }));
    expect(screen.getByText(credentials.apiKey)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(credentials.macKey ?? '');
    await user.click(screen.getByRole('button', { name: 'Hide the API key' }));
    expect(document.body).not.toHaveTextContent(credentials.apiKey);
    expect(keys).toBeInTheDocument();
    // api_keyinfo as data, `expires` in words too.
    expect(await screen.findByText('expires')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByText('type')).toBeInTheDocument();
  });
});
