import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NavMenu } from './NavMenu';
import { screenResource } from '../../shared/auth/permissions';
import { ADMIN_ME, mockFetch, route } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import HomePage from '../../features/home/HomePage';

function profile(permissions: Record<string, string[]>) {
  mockFetch(route('GET', '/api/getLogedUserData', { body: { ...ADMIN_ME, permissions } }));
}

describe('who reaches the activity log', () => {
  it('its path needs read on activity (the route guard follows it)', () => {
    expect(screenResource('/activity')).toBe('activity');
  });

  it('the drawer item and the home card show only when the role may read activity', async () => {
    profile({ ...ADMIN_ME.permissions, activity: ['read'] });
    renderScreen(
      <>
        <NavMenu />
        <HomePage />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Aktivnosti' })).toHaveAttribute('href', '/activity');
    expect(document.querySelector('[data-card="activity"]')).toHaveAttribute('href', '/activity');
  });

  it('no role has it until the server grants it: neither drawer item nor card', async () => {
    profile(ADMIN_ME.permissions);
    renderScreen(
      <>
        <NavMenu />
        <HomePage />
      </>,
    );
    await screen.findByRole('link', { name: 'Partneri' });
    await waitFor(() => expect(document.querySelector('[data-card="partners"]')).not.toBeNull());
    expect(screen.queryByRole('link', { name: 'Aktivnosti' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-card="activity"]')).toBeNull();
  });
});
