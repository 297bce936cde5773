import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PlainLink } from '../../../components/ui/plain-link';
import { routeTree } from '../../../routeTree.gen';
import { renderInRouter } from '../../../test/render-in-router';
import type { ApiClient } from '../../../api/client';
import { customerHref, siteHref } from './row-hrefs';

describe("a row's links", () => {
  it('are written as the router writes them, for any name', () => {
    const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as never });
    for (const domain of ['alpine-dental.example', 'bücher.example', 'xn--bcher-kva.example']) {
      expect(siteHref(domain)).toBe(router.buildLocation({ to: '/sites/$domain', params: { domain } }).href);
    }
    for (const unit of ['owner@shop.example', 'a+b@x.example', 'o’brien@pub.example']) {
      expect(customerHref(unit)).toBe(router.buildLocation({ to: '/units', search: { unit } }).href);
    }
  });

  it('are followed by the router on a plain click, without a page load', async () => {
    const user = userEvent.setup();
    const { router } = renderInRouter(
      () => (
        <PlainLink href="/away" to={{ href: '/away' }}>
          Go away
        </PlainLink>
      ),
      { api: {} as ApiClient },
    );
    const link = await screen.findByRole('link', { name: 'Go away' });
    expect(link).toHaveAttribute('href', '/away');
    // With a modifier key the browser's own (a new tab, a window): the router does not follow it.
    let prevented: boolean | undefined;
    const stopJsdom = (event: MouseEvent) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', stopJsdom);
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    document.removeEventListener('click', stopJsdom);
    expect(prevented).toBe(false);
    expect(router.state.location.pathname).toBe('/');

    await user.click(link);
    await screen.findByRole('heading', { name: 'Away' });
    expect(router.state.location.pathname).toBe('/away');
  });
});
