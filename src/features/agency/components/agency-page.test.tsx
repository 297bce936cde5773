/**
 * The agency page on the real stack (proxy + sandbox over HTTP): the form's
 * checks, create then update, a country name the record holds, the service's
 * refusals on their fields, the leave guard, delete. Nothing of ours is mocked;
 * where the service must refuse what the form accepts, the request body is
 * changed on its way (a stricter service, simulated on the wire).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../../api/credentials';
import { isMethodError } from '../../../api/error-catalogue';
import { toasts } from '../../../lib/toast-store';
import { renderInRouter } from '../../../test/render-in-router';
import { startRealStack, type RealStack } from '../../../../test-support/real-stack';
import { AgencyPage } from './agency-page';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());
afterEach(() => toasts.set([]));

let n = 0;
const newEmail = () => `agency-page-${++n}-${Date.now().toString(36)}@spa.example`;
const newAccount = (email = newEmail()) => stack.signIn(email);

async function openPage(credentials: Credentials, fetch?: typeof globalThis.fetch) {
  const api = stack.client(credentials, fetch);
  const view = renderInRouter(() => <AgencyPage />, { api });
  await screen.findByRole('heading', { level: 1, name: 'Agency' });
  return { ...view, api };
}

const field = (label: RegExp) => screen.getByLabelText(label);
type User = ReturnType<typeof userEvent.setup>;
/**
 * Puts text in a field as a paste does, in one input event: what the form checks on each key is
 * the combobox's and the short fields' typing; a name typed key by key costs seconds of jsdom.
 */
async function fill(user: User, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}
const northwind = { title: 'Northwind Hosting', email: 'ops@northwind.example' };

describe('the agency page', () => {
  it('refuses bad input next to the fields, then creates the profile and offers "Save changes"', async () => {
    const user = userEvent.setup();
    const { api } = await openPage(await newAccount());
    expect(screen.getByText(/Sharing sites with your customers \(units\) needs one/)).toBeInTheDocument();

    await user.type(field(/^Contact e-mail/), 'not-an-email');
    await user.type(field(/^SWIFT\/BIC/), 'DEUT');
    await user.click(screen.getByRole('button', { name: 'Create agency profile' }));
    expect(field(/^Agency name/)).toHaveAccessibleDescription(/Enter the agency name\./);
    expect(field(/^Agency name/)).toHaveFocus();
    expect(field(/^Contact e-mail/)).toHaveAccessibleDescription(/Enter a valid e-mail address/);
    expect(field(/^SWIFT\/BIC/)).toHaveAccessibleDescription(/8 or 11 letters and digits: 4 for the bank/);

    await fill(user, field(/^Agency name/), northwind.title);
    await user.clear(field(/^Contact e-mail/));
    await fill(user, field(/^Contact e-mail/), northwind.email);
    await user.clear(field(/^SWIFT\/BIC/));
    await user.type(field(/^SWIFT\/BIC/), 'deut de ff');
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'germ{Enter}');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.click(screen.getByRole('button', { name: 'Create agency profile' }));

    await screen.findByText('Agency profile created');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
    await expect(api.agency_view()).resolves.toMatchObject({
      ...northwind,
      country: 'DE',
      bank_currency: 'EUR',
      bank_swift: 'DEUTDEFF',
    });
  });

  it('shows and keeps a country name the record holds, offered as saved', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount();
    await stack.client(credentials).agency_update({ ...northwind, country: 'Deutschland' });
    const { api } = await openPage(credentials);
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('Deutschland');
    await user.click(screen.getByRole('button', { name: 'Country: countries' }));
    expect(
      within(screen.getByRole('listbox', { name: 'Country: countries' })).getAllByRole('option')[0],
    ).toHaveTextContent('Deutschland (as saved)');
    await user.keyboard('{Escape}');

    await fill(user, field(/^Phone/), '+49 30 1234');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Changes saved');
    await expect(api.agency_view()).resolves.toMatchObject({ country: 'Deutschland', phone: '+49 30 1234' });
  });

  it('puts the service’s refusal on the fields it names, and keeps everything typed', async () => {
    const user = userEvent.setup();
    // A stricter service: what the form sends is replaced by a body it refuses (503, one problem per field).
    const stricter: typeof fetch = (input, init) =>
      String(input).includes('/api/agency_update/')
        ? fetch(input, { ...init, body: JSON.stringify({ title: '', email: 'no' }) })
        : fetch(input, init);
    await openPage(await newAccount(), stricter);
    await fill(user, field(/^Agency name/), northwind.title);
    await fill(user, field(/^Contact e-mail/), northwind.email);
    await fill(user, field(/^Postal code/), '10115');
    await user.click(screen.getByRole('button', { name: 'Create agency profile' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service did not accept some values');
    expect(field(/^Agency name/)).toHaveAccessibleDescription(/Enter the agency name\./);
    expect(field(/^Contact e-mail/)).toHaveAccessibleDescription(/Enter a valid e-mail address/);
    await waitFor(() => expect(field(/^Agency name/)).toHaveFocus());
    expect(field(/^Agency name/)).toHaveValue(northwind.title);
    expect(field(/^Postal code/)).toHaveValue('10115');
    expect(screen.getByRole('button', { name: 'Create agency profile' })).toBeEnabled();
  });

  it('says above the form why a save failed when no field is to blame, and keeps the values', async () => {
    const user = userEvent.setup();
    const email = newEmail();
    const credentials = await newAccount(email);
    await stack.client(credentials).agency_update(northwind);
    await openPage(credentials);
    // Only this account's next write fails (fail-next scoped by e-mail).
    await stack.control('fail-next', { method: 'agency_update', email });
    await user.clear(field(/^Agency name/));
    await fill(user, field(/^Agency name/), 'Renamed Hosting');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The agency profile was not saved');
    expect(alert).toHaveTextContent('The service had a storage problem');
    expect(alert).toHaveTextContent('Error code 121900');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(field(/^Agency name/)).toHaveValue('Renamed Hosting');
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = await openPage(await newAccount());
    await fill(user, field(/^Agency name/), 'Half typed');

    void router.history.push('/away');
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByRole('button', { name: 'Stay and keep editing' })).toHaveFocus();
    // A dialog just opened takes the pointer once its layer says so (Radix sets the page's
    // pointer-events to none first): the click is tried until the button takes it.
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' })));
    expect(field(/^Agency name/)).toHaveValue('Half typed');

    void router.history.push('/away');
    const leave = await screen.findByRole('button', { name: 'Leave without saving' });
    await waitFor(() => user.click(leave));
    await screen.findByRole('heading', { name: 'Away' });
  });

  it('deletes the profile after a confirmation that says sharing stops working', async () => {
    const user = userEvent.setup();
    const credentials = await newAccount();
    await stack.client(credentials).agency_update(northwind);
    const { api } = await openPage(credentials);
    await user.click(screen.getByRole('button', { name: 'Delete agency profile' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the agency profile?' });
    expect(dialog).toHaveAccessibleDescription(/can no longer be shared with your customers \(units\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete agency profile' }));

    await screen.findByText('Agency profile deleted');
    expect(screen.getByRole('button', { name: 'Create agency profile' })).toBeInTheDocument();
    expect(field(/^Agency name/)).toHaveValue('');
    await expect(api.agency_view()).rejects.toSatisfy((e) => isMethodError(e, 'agency_view', 'noAgency'));
  });
});
