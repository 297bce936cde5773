/**
 * Invisible formatting characters on the real stack (proxy + sandbox over
 * HTTP): the agency's title, free text, shows isolated in <bdi>, so a
 * right-to-left override in it reorders nothing around it (the dashboard's own
 * checks: src/data/site-model/invisible.test.ts).
 */
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInRouter } from '../../test/render-in-router';
import { startRealStack, type RealStack } from '../../../test-support/real-stack';
import { AgencyBrand } from './agency-brand';

const RLO = '\u202e';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

describe('invisible formatting characters in the dashboard', () => {
  it("shows the agency's title isolated in the header", async () => {
    const credentials = await stack.signIn(`bidi-${Date.now().toString(36)}@spa.example`);
    const api = stack.client(credentials);
    const title = `Northwind ${RLO}gnp.exe`;
    await api.agency_update({ title, email: 'ops@northwind.example' });
    renderInRouter(() => <AgencyBrand />, { api });
    await waitFor(() => expect(screen.getByTestId('agency-brand-title')).toHaveTextContent(title));
    expect(screen.getByTestId('agency-brand-title').tagName).toBe('BDI');
  });
});
