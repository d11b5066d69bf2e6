import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import { FormDialog } from '../../shared/form/FormDialog';
import { RecordTabsContext, type RecordRef } from '../../shared/form/recordTabs';
import { TextField } from '../../shared/form/TextField';
import { ADMIN_ME, mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import RecordTabs from './RecordTabs';
import type { ActivityEvent, TimelineItem } from './types';

// jsdom draws no canvas: the chart shows the lines it was given.
vi.mock('primereact/chart', () => ({
  Chart: ({ data }: { data: { labels: string[]; datasets: { label: string; data: (number | null)[] }[] } }) => (
    <div data-testid="chart">
      {data.datasets.map((d) => (
        <span key={d.label} data-testid="chart-line">
          {`${d.label}: ${d.data.join(' ')}`}
        </span>
      ))}
    </div>
  ),
}));

const READS_ACTIVITY = { ...ADMIN_ME.permissions, activity: ['read'] };

const edit: ActivityEvent = {
  id: 41,
  at: '2026-11-24T09:15:00Z',
  actor: { kind: 'user', id: 2, name: 'Dragan' },
  resource: 'cities',
  record_id: 7,
  parent: null,
  action: 'edit',
  changes: [{ field: 'name', from: 'Podgorica', to: 'Titograd' }],
  import_id: null,
  reverts: null,
  request_id: 'req-41',
  address: '10.0.0.7',
};

/** An edit dialog of a record, as a feature's dialog passes it to FormDialog. */
function Host({ record, reload }: { record: RecordRef; reload?: () => Promise<{ values: { name: string }; version: number }> }) {
  const [visible, setVisible] = useState(false);
  return (
    <RecordTabsContext.Provider value={RecordTabs}>
      <button type="button" onClick={() => setVisible(true)}>
        Izmijeni
      </button>
      <FormDialog<{ name: string }>
        visible={visible}
        title="Izmjena"
        initialValues={{ name: 'Podgorica' }}
        validationSchema={yup.object({ name: yup.string().required('validation.field') })}
        onHide={() => setVisible(false)}
        onSubmit={async () => setVisible(false)}
        history={record}
        version={1}
        reload={reload}
      >
        <TextField name="name" label="Naziv" required />
      </FormDialog>
    </RecordTabsContext.Provider>
  );
}

function server(permissions: Record<string, string[]> = READS_ACTIVITY, extra: Parameters<typeof mockFetch> = []) {
  return mockFetch(
    route('GET', '/api/getLogedUserData', { body: { ...ADMIN_ME, permissions } }),
    route('GET', '/api/cities/7/history', { body: [edit], headers: { 'X-Total-Count': '57' } }),
    ...extra,
  );
}

const query = (call: MockRequest | undefined) => Object.fromEntries(call?.url.searchParams ?? []);
const calls = (all: MockRequest[], path: string) => all.filter((c) => c.method === 'GET' && c.url.pathname === path);

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Izmijeni' }));
  return screen.findByRole('dialog', { name: 'Izmjena' });
}

describe('the History tab of an edit dialog', () => {
  it('opens on the form, then lists the record’s events a page at a time with the exact total', async () => {
    const user = userEvent.setup();
    const { calls: all } = server();
    renderScreen(<Host record={{ resource: 'cities', id: 7 }} />);
    const dialog = await openDialog(user);

    const formTab = await within(dialog).findByRole('tab', { name: 'Podaci' });
    expect(formTab).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent?.trim())).toEqual(['Podaci', 'Istorija']);
    expect(within(dialog).getByLabelText(/Naziv/)).toBeVisible();
    expect(calls(all, '/api/cities/7/history')).toHaveLength(0);

    await user.click(within(dialog).getByRole('tab', { name: 'Istorija' }));
    expect(await within(dialog).findByText('Dragan')).toBeInTheDocument();
    expect(query(calls(all, '/api/cities/7/history')[0])).toEqual({ page: '1', per_page: '10' });
    const row = within(dialog).getByText('Dragan').closest('tr')!;
    expect(row).toHaveTextContent('Izmjena');
    expect(row).toHaveTextContent('Naziv: Podgorica → Titograd');
    expect(within(dialog).getByText(/\/ 57/)).toBeInTheDocument();
    // The form is kept, not shown; saving is the form's.
    expect(within(dialog).getByLabelText(/Naziv/)).not.toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Sačuvaj' })).not.toBeInTheDocument();

    // The next page asks for page 2.
    await user.click(within(dialog).getByRole('button', { name: /\b2$/ }));
    await waitFor(() => expect(query(calls(all, '/api/cities/7/history').at(-1))).toEqual({ page: '2', per_page: '10' }));

    // 10, 20, 30 or 50 a page; another size starts from page 1.
    await user.click(dialog.querySelector<HTMLElement>('.p-paginator .p-dropdown')!);
    await screen.findAllByRole('option', { hidden: true });
    expect([...document.querySelectorAll('.p-dropdown-item')].map((o) => o.textContent)).toEqual(['10', '20', '30', '50']);
    await user.click(screen.getByRole('option', { name: '30', hidden: true }));
    await waitFor(() => expect(query(calls(all, '/api/cities/7/history').at(-1))).toEqual({ page: '1', per_page: '30' }));

    // A row opens the event with its changes.
    await user.click(within(row).getByRole('button', { name: 'Detalji' }));
    const event = await screen.findByRole('dialog', { name: 'Događaj #41' });
    expect(within(event).getByText('Titograd')).toBeInTheDocument();
  });

  it('keeps what was typed while another tab is open', async () => {
    const user = userEvent.setup();
    server();
    renderScreen(<Host record={{ resource: 'cities', id: 7 }} />);
    const dialog = await openDialog(user);
    const name = within(dialog).getByLabelText(/Naziv/);
    await user.clear(name);
    await user.type(name, 'Cetinje');
    await user.click(await within(dialog).findByRole('tab', { name: 'Istorija' }));
    await within(dialog).findByText('Dragan');
    await user.click(within(dialog).getByRole('tab', { name: 'Podaci' }));
    expect(within(dialog).getByLabelText(/Naziv/)).toHaveValue('Cetinje');
    expect(within(dialog).getByRole('button', { name: 'Sačuvaj' })).toBeInTheDocument();
  });

  it('after a revert from the tab, an untouched form takes the record as it is now', async () => {
    const user = userEvent.setup();
    const { calls: all } = server(READS_ACTIVITY, [route('POST', '/api/activity/41/revert', { body: { id: 7 } })]);
    const reload = vi.fn(async () => ({ values: { name: 'Titograd' }, version: 2 }));
    renderScreen(<Host record={{ resource: 'cities', id: 7 }} reload={reload} />);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('tab', { name: 'Istorija' }));
    const row = (await within(dialog).findByText('Dragan')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Detalji' }));
    const event = await screen.findByRole('dialog', { name: 'Događaj #41' });
    await user.click(within(event).getByRole('button', { name: 'Poništi izmjenu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Poništavanje izmjene' })).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(all.some((c) => c.method === 'POST' && c.url.pathname === '/api/activity/41/revert')).toBe(true));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await user.click(within(dialog).getByRole('tab', { name: 'Podaci' }));
    expect(within(dialog).getByLabelText(/Naziv/)).toHaveValue('Titograd');
  });

  it('is not there for a role that may not read the activity log', async () => {
    const user = userEvent.setup();
    const { calls: all } = server(ADMIN_ME.permissions);
    renderScreen(<Host record={{ resource: 'cities', id: 7 }} />);
    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText(/Naziv/)).toBeVisible();
    // The profile answer is in: still no tabs and no history call.
    await waitFor(() => expect(calls(all, '/api/getLogedUserData').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).queryByRole('tablist')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Istorija' })).not.toBeInTheDocument();
    expect(calls(all, '/api/cities/7/history')).toHaveLength(0);
  });
});

describe('a partner’s Timeline tab', () => {
  const item = (id: number, kind: string, over: Partial<TimelineItem> = {}): TimelineItem => ({
    ...edit,
    id,
    kind,
    resource: 'partners',
    record_id: 1002,
    changes: [],
    ...over,
  });
  const timeline: TimelineItem[] = [
    item(60, 'order', { resource: 'cart_items', action: 'order', actor: { kind: 'partner', id: 1002, name: 'Voli Trade' } }),
    item(59, 'campaign_cash', { resource: 'campaigns', action: 'cash', changes: [{ field: 'cash', from: '100', to: '250' }] }),
    item(58, 'partner', { changes: [{ field: 'debt', from: '12000', to: '120000.5' }] }),
    item(57, 'push', { resource: 'notifications', action: 'send' }),
    item(56, 'account', { resource: 'sessions', action: 'sign_in' }),
    item(55, 'mystery', { resource: 'elsewhere' }),
  ];
  const now = Date.now();
  const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();
  const figureEvents: ActivityEvent[] = [
    { ...edit, id: 58, resource: 'partners', record_id: 1002, at: daysAgo(2), changes: [{ field: 'debt', from: '12000', to: '120000.5' }] },
    { ...edit, id: 50, resource: 'partners', record_id: 1002, at: daysAgo(20), changes: [{ field: 'debt', from: '9000', to: '12000' }] },
  ];
  const figures = { bonus: '5%', debt: '120000.5', payment: '300', tool_cash: '50', annual_plan: '1000000', money_circulation: '80000' };

  it('lists everything about the partner newest first with each item’s kind, under the figures’ chart', async () => {
    const user = userEvent.setup();
    const { calls: all } = server(READS_ACTIVITY, [
      route('GET', '/api/partners/1002/timeline', { body: timeline, headers: { 'X-Total-Count': '6' } }),
      route('GET', '/api/activity', { body: figureEvents }),
    ]);
    renderScreen(<Host record={{ resource: 'partners', id: 1002, figures }} />);
    const dialog = await openDialog(user);
    expect((await within(dialog).findAllByRole('tab')).map((t) => t.textContent?.trim())).toEqual([
      'Podaci',
      'Istorija',
      'Vremenska linija',
    ]);
    await user.click(within(dialog).getByRole('tab', { name: 'Vremenska linija' }));

    const rows = await waitFor(() => {
      const found = within(dialog).getAllByRole('row').filter((r) => r.querySelector('.timeline-kind'));
      expect(found).toHaveLength(6);
      return found;
    });
    expect(query(calls(all, '/api/partners/1002/timeline')[0])).toEqual({ page: '1', per_page: '10' });
    expect(rows.map((r) => r.querySelector('.timeline-kind')?.textContent)).toEqual([
      'Porudžbina',
      'Keš kampanje',
      'Partner',
      'Push',
      'Nalog',
      'mystery',
    ]);
    expect(rows[0].querySelector('.timeline-kind .pi-shopping-cart')).not.toBeNull();
    expect(rows[1]).toHaveTextContent('Keš: 100 → 250');

    // The chart: the partner's own events since the range's start (90 days by default).
    await waitFor(() => expect(calls(all, '/api/activity')).toHaveLength(1));
    const figureQuery = query(calls(all, '/api/activity')[0]);
    expect(figureQuery).toMatchObject({ resource: 'partners', record_id: '1002' });
    const from = new Date(figureQuery.from).getTime();
    expect(now - from).toBeGreaterThan(89 * 86_400_000);
    expect(now - from).toBeLessThan(92 * 86_400_000);
    const lines = (await within(dialog).findAllByTestId('chart-line')).map((l) => l.textContent);
    expect(lines).toContain('Dug: 9000 12000 120000.5 120000.5');
    expect(lines).toContain('Keš za alat: 50 50 50 50');
    // Bonus is a percent: not plotted, and the note says so.
    expect(lines.some((l) => l?.startsWith('Bonus'))).toBe(false);
    expect(within(dialog).getByTestId('percent-note')).toHaveTextContent('Bonus');

    // Another range asks again from its own start; "all" from none.
    await user.click(dialog.querySelector<HTMLElement>('.partner-figures__range')!);
    await user.click(await screen.findByRole('option', { name: 'Sve', hidden: true }));
    await waitFor(() => expect(calls(all, '/api/activity')).toHaveLength(2));
    expect(query(calls(all, '/api/activity')[1])).toEqual({ resource: 'partners', record_id: '1002' });
  });

  it('is a partner’s only', async () => {
    const user = userEvent.setup();
    server();
    renderScreen(<Host record={{ resource: 'cities', id: 7 }} />);
    const dialog = await openDialog(user);
    await within(dialog).findByRole('tab', { name: 'Istorija' });
    expect(within(dialog).queryByRole('tab', { name: 'Vremenska linija' })).not.toBeInTheDocument();
  });
});
