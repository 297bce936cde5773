/**
 * The developer console on the real stack: the request builder refuses what
 * api_methoddata's expressions refuse before anything is sent, a call shows
 * its exact target and signature, and the keys stay out of the page (curl
 * included) until the user shows them, even when the answer echoes them: the
 * real proxy in front of a stand-in for the real service whose api_test
 * echoes the Cookie header the proxy sent (test-support/real-stack.ts
 * startRemoteStack), where our sandbox hides the key and signature.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../../api/credentials';
import { buildTarget } from '../../../api/target';
import { hmacMd5Hex } from '../../../api/sign';
import { renderInRouter } from '../../../test/render-in-router';
import {
  holdingFetch,
  startRealStack,
  startRemoteStack,
  type RealStack,
  type RemoteStack,
} from '../../../../test-support/real-stack';
import { baseUrlFromConfig, PARTNER_API_CONFIG_URL } from '../api/partner-api';
import { MASK } from '../curl';
import type { DeveloperTab } from '../tabs';
import { DeveloperPage } from './developer-page';

const run = promisify(execFile);

let stack: RealStack;
let remote: RemoteStack;
beforeAll(async () => {
  [stack, remote] = await Promise.all([startRealStack(), startRemoteStack()]);
});
afterAll(() => Promise.all([stack.close(), remote.close()]));

let n = 0;
const newAccount = (on: RealStack = stack) => on.signIn(`developer-${++n}-${Date.now().toString(36)}@spa.example`);

/** The {base_url} the server names, as the route reads it. */
async function baseUrlOf(on: RealStack): Promise<string | null> {
  return baseUrlFromConfig(await (await fetch(on.origin + PARTNER_API_CONFIG_URL)).json());
}

/** The page with its URL state held locally (the route keeps it in search params). */
function Console({
  credentials,
  initialTab,
  apiBaseUrl,
}: {
  credentials: Credentials;
  initialTab: DeveloperTab;
  apiBaseUrl: string | null;
}) {
  const [tab, setTab] = useState<DeveloperTab>(initialTab);
  const [method, setMethod] = useState<string | undefined>();
  const [query, setQuery] = useState('');
  return (
    <DeveloperPage
      tab={tab}
      method={method}
      query={query}
      credentials={credentials}
      apiBaseUrl={apiBaseUrl}
      onTabChange={setTab}
      onMethodChange={(m, next) => {
        setMethod(m);
        if (next) setTab(next);
      }}
      onQueryChange={setQuery}
    />
  );
}

async function open(credentials: Credentials, tab: DeveloperTab, on: RealStack = stack) {
  const network = holdingFetch(/^$/);
  const apiBaseUrl = await baseUrlOf(on);
  renderInRouter(() => <Console credentials={credentials} initialTab={tab} apiBaseUrl={apiBaseUrl} />, {
    api: on.client(credentials, network.fetch),
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
    expect(screen.getByText('timewait')).toBeInTheDocument();
    // The signature is a secret too (with the key it repeats the call): shown once asked for.
    const signature = hmacMd5Hex(credentials.macKey ?? '', target);
    expect(document.body).not.toHaveTextContent(signature);
    await user.click(screen.getByRole('switch', { name: 'Show the key and signature' }));
    expect(screen.getByText(signature)).toBeInTheDocument();
  });

  it('marks api_test’s required values as required and sends nothing without them', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount();
    const network = await open(credentials, 'playground');
    const str = await screen.findByLabelText('str', { exact: true });
    const int = screen.getByLabelText('int', { exact: true });
    for (const field of [str, int]) {
      expect(field).toBeRequired();
      expect(field).toHaveAccessibleDescription(/Required\.$/);
    }
    for (const name of ['nullint', 'err', 'raw']) {
      const field = screen.getByLabelText(name, { exact: true });
      expect(field).not.toBeRequired();
      expect(field).toHaveAccessibleDescription(/Leave empty to leave it out\.$/);
    }
    const item3 = screen.getByLabelText('item3', { exact: true });
    expect(item3).toBeRequired();

    await user.clear(str);
    await user.clear(item3);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(str).toHaveAccessibleDescription(/Enter a value: the method cannot do without it\./);
    expect(item3).toHaveAccessibleDescription(/Enter a value/);
    expect(int).toBeValid();
    expect(network.calls.filter((p) => p.startsWith('/api/api_test/'))).toEqual([]);

    await user.type(str, 'back');
    await user.type(item3, 'x');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/^GET \/api\/api_test\/abc\/1\/x\/\?str=back&int=42$/)).toBeInTheDocument();
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

    await user.click(screen.getByRole('switch', { name: 'Show the key and signature' }));
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

  it('keeps the key and signature that an answer echoes out of the page until shown, in the JSON and in raw text', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount(remote);
    await open(credentials, 'playground', remote);
    const secrets = [credentials.apiKey, credentials.macKey ?? ''];

    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    const result = await screen.findByLabelText('result', { exact: true });
    // What the service echoed: the Cookie header the proxy made of the X- headers, masked.
    expect(result).toHaveTextContent(`"Cookie": "apikey=${MASK}; apimac=${MASK}"`);
    for (const secret of secrets) expect(document.body).not.toHaveTextContent(secret);
    const signature = /apimac=([0-9a-f]{32})/;
    expect(document.body.textContent).not.toMatch(signature);

    // Shown on request: then the answer reads as received, which proves the echo carried them.
    const reveal = screen.getByRole('switch', { name: 'Show the key and signature' });
    await user.click(reveal);
    expect(result).toHaveTextContent(`"Cookie": "apikey=${credentials.apiKey}; apimac=`);
    await user.click(reveal);
    for (const secret of secrets) expect(document.body).not.toHaveTextContent(secret);

    // raw=1: the result as text, not the envelope; masked as well.
    await user.type(screen.getByLabelText('raw', { exact: true }), '1');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const raw = await screen.findByText(/"REQUEST_URI":.*raw=1/);
    expect(raw).toHaveTextContent(`apikey=${MASK}; apimac=${MASK}`);
    for (const secret of secrets) expect(document.body).not.toHaveTextContent(secret);
    expect(document.body.textContent).not.toMatch(signature);
  });

  it('gives the direct curl command the API’s {base_url} from the server, and it runs', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount(remote);
    await open(credentials, 'playground', remote);
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    await user.click(await screen.findByRole('switch', { name: 'Show the key and signature' }));

    const command = screen.getByText(/^curl -b 'apikey=/);
    expect(command).toHaveTextContent(`'${remote.serviceUrl}/api/api_test/abc/1/anything/?`);
    expect(screen.queryByText(/replace \{base_url\}/)).toBeNull();
    const { stdout } = await run('sh', ['-c', `${command.textContent ?? ''} --silent --show-error --max-time 20`]);
    expect(JSON.parse(stdout)).toMatchObject({ method: 'api_test', error: 0, result: { QUERY: { str: 'hello' } } });
  });

  it('keeps a clear placeholder where the server does not name the API', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount();
    const network = holdingFetch(/^$/);
    renderInRouter(() => <Console credentials={credentials} initialTab="playground" apiBaseUrl={null} />, {
      api: stack.client(credentials, network.fetch),
    });
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/^curl -b 'apikey=/)).toHaveTextContent(`'{base_url}/api/api_test/`);
    expect(screen.getByText(/replace \{base_url\} with it/)).toBeInTheDocument();
  });
});
