import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, route } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import SupportPage from './SupportPage';

// The home page's open messages of a type link here with the type and the active flag (issue 25).
afterEach(() => vi.unstubAllGlobals());

describe('the support list opened from a figure', () => {
  it('starts filtered by the type and open messages only, the filter row showing it', async () => {
    const { calls } = mockFetch(
      route('GET', '/api/customerSupport', { body: [], headers: { 'X-Total-Count': '0' } }),
      route('GET', '/api/getCommentInfo', { body: { evidentions: [] } }),
    );
    renderScreen(<SupportPage />, { path: '/customerService', initialEntry: '/customerService?type_name=%C5%BDalba&is_active=1' });
    await screen.findByDisplayValue('Žalba');
    const list = calls.find((c) => c.url.pathname === '/api/customerSupport')!;
    expect(list.url.searchParams.get('type_name')).toBe('Žalba');
    expect(list.url.searchParams.get('is_active')).toBe('1');
  });
});
