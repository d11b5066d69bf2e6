import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import { ExcelUploadDialog } from './ExcelUploadDialog';

const xlsx = (name = 'Partners.xlsx') =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

const PROBLEMS = {
  added: 1,
  updated: 8,
  rejected: 2,
  more_problems: 3,
  problems: [
    { row: 3, column: 'debt', message: 'The debt must be a number.' },
    { row: 3, column: 'city', message: 'The city does not exist.' },
    { row: 7, column: 'toolCash', message: 'The tool cash field is required.' },
    { row: 9, column: '', message: 'The id appears more than once in the file.' },
  ],
};
const CLEAN = { added: 2, updated: 8, rejected: 0, problems: [] };

const uploads = (calls: MockRequest[]) => calls.filter((c) => c.url.pathname === '/api/saveAddPartnerExcelDoc');

function Host() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <output data-testid="open">{String(open)}</output>
      <ExcelUploadDialog visible={open} onHide={() => setOpen(false)} />
    </>
  );
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  const dialog = await screen.findByRole('dialog', { name: 'Učitavanje partnera iz Excel fajla' });
  await user.upload(within(dialog).getByLabelText(/Excel fajl/), file);
  return dialog;
}

describe('Excel upload dialog', () => {
  it('refuses a file that is not .xlsx or .xls without sending it', async () => {
    const { calls } = mockFetch();
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<Host />);
    const dialog = await chooseFile(user, new File(['a,b'], 'partners.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('Fajl mora biti .xlsx ili .xls')).toBeInTheDocument();
    expect(uploads(calls)).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Potvrdi' })).toBeDisabled();
  });

  it('refuses a text file named .xlsx as the wrong Excel file, by its content, without sending it', async () => {
    const { calls } = mockFetch();
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await chooseFile(user, new File(['id;name\n1001;Gradnja'], 'Partners.xlsx', { type: xlsx().type }));
    expect(await within(dialog).findByText(/Dodat je pogrešan Excel fajl/)).toBeInTheDocument();
    expect(within(dialog).queryByText('Fajl mora biti .xlsx ili .xls')).not.toBeInTheDocument();
    expect(uploads(calls)).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Potvrdi' })).toBeDisabled();
  });

  it('takes an old .xls workbook by its OLE signature', async () => {
    const { calls } = mockFetch(route('POST', '/api/saveAddPartnerExcelDoc', { body: CLEAN }));
    const user = userEvent.setup();
    renderScreen(<Host />);
    const ole = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])], 'Stari.xls');
    const dialog = await chooseFile(user, ole);
    await waitFor(() => expect(uploads(calls)).toHaveLength(1));
    expect(within(dialog).queryByText(/pogrešan Excel fajl/)).not.toBeInTheDocument();
  });

  it('previews the file, lists the problems translated and keeps confirm disabled', async () => {
    const { calls } = mockFetch(route('POST', '/api/saveAddPartnerExcelDoc', { body: PROBLEMS }));
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await chooseFile(user, xlsx());

    await waitFor(() => expect(within(dialog).getByTestId('import-rejected')).toHaveTextContent('2'));
    expect(within(dialog).getByTestId('import-added')).toHaveTextContent('1');
    expect(within(dialog).getByTestId('import-updated')).toHaveTextContent('8');
    const sent = uploads(calls)[0];
    expect(sent.url.searchParams.get('preview')).toBe('1');
    // jsdom's File reaches Node's FormData as a plain blob, so the name is not checked here (e2e does).
    expect(String(sent.body)).toMatch(/name="file"[\s\S]*PK/);

    const table = within(dialog).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/3.*Dug.*Dug mora biti broj\./),
      expect.stringMatching(/3.*Grad.*Grad ne postoji\./),
      expect.stringMatching(/7.*Keš za alat.*Keš za alat je obavezan\./),
      expect.stringMatching(/9.*Cijeli red.*ID se u fajlu pojavljuje više puta\./),
    ]);
    expect(within(dialog).getByText(/Ništa se ne upisuje dok fajl ima grešaka/)).toBeInTheDocument();
    // Past the listed problems, the server only counts the rest.
    expect(within(dialog).getByText('Još neprikazanih grešaka: 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Potvrdi' })).toBeDisabled();
    expect(uploads(calls)).toHaveLength(1);
  });

  it('confirms a clean preview by sending the same file without preview, then closes', async () => {
    const { calls } = mockFetch(route('POST', '/api/saveAddPartnerExcelDoc', { body: CLEAN }));
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await chooseFile(user, xlsx('izmjene.xlsx'));
    await within(dialog).findByText('Fajl je ispravan. Potvrdite da biste upisali promjene.');
    expect(within(dialog).getByTestId('import-file-name')).toHaveTextContent('izmjene.xlsx');

    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(uploads(calls)).toHaveLength(2));
    const saved = uploads(calls)[1];
    expect(saved.url.searchParams.has('preview')).toBe(false);
    expect(String(saved.body)).toMatch(/name="file"[\s\S]*PK/);
    // The snackbar says what was done, as the server counted it.
    expect(await screen.findByText('Uvoz je završen — dodato: 2, izmijenjeno: 8')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('open')).toHaveTextContent('false'));
  });

  it('a file that only updated partners says so, not that it added any', async () => {
    mockFetch(route('POST', '/api/saveAddPartnerExcelDoc', { body: { added: 0, updated: 1250, rejected: 0, problems: [] } }));
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await chooseFile(user, xlsx('izmjene.xlsx'));
    await within(dialog).findByText('Fajl je ispravan. Potvrdite da biste upisali promjene.');
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Uvoz je završen — dodato: 0, izmijenjeno: 1.250')).toBeInTheDocument();
    expect(screen.queryByText('Uspješno dodavanje')).not.toBeInTheDocument();
  });

  it('cannot confirm a file with nothing to add or update', async () => {
    mockFetch(route('POST', '/api/saveAddPartnerExcelDoc', { body: { added: 0, updated: 0, rejected: 0, problems: [] } }));
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await chooseFile(user, xlsx());
    await within(dialog).findByText('Fajl ne sadrži partnere za dodavanje ni izmjenu.');
    expect(within(dialog).getByRole('button', { name: 'Potvrdi' })).toBeDisabled();
  });

  it('the preview counts the rows equal to the stored partners as unchanged (issue 20)', async () => {
    mockFetch(route('POST', '/api/saveAddPartnerExcelDoc', { body: { added: 0, updated: 2, unchanged: 1500, rejected: 0, problems: [] } }));
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await chooseFile(user, xlsx());
    await within(dialog).findByText('Fajl je ispravan. Potvrdite da biste upisali promjene.');
    expect(within(dialog).getByTestId('import-skipped')).toHaveTextContent('1.500');
    expect(within(dialog).getByText('Bez promjene')).toBeInTheDocument();
  });

  it('shows the problems a refused save answers with (422) and stays open', async () => {
    let n = 0;
    mockFetch(
      route('POST', '/api/saveAddPartnerExcelDoc', () => {
        n += 1;
        if (n === 1) return { body: CLEAN };
        return {
          status: 422,
          body: { message: 'The given data was invalid.', errors: { file: ['The file has errors.'] }, ...PROBLEMS },
        };
      }),
    );
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await chooseFile(user, xlsx());
    await within(dialog).findByText('Fajl je ispravan. Potvrdite da biste upisali promjene.');
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));

    const error = await screen.findByRole('dialog', { name: 'Greška u unosu' });
    expect(error).toHaveTextContent('Fajl sadrži greške.');
    expect(await within(dialog).findByText('Grad ne postoji.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('import-rejected')).toHaveTextContent('2');
    expect(screen.getByTestId('open')).toHaveTextContent('true');
  });

  it('explains a whole-file error (422) and another running import (429) in the error dialog', async () => {
    let n = 0;
    mockFetch(
      route('POST', '/api/saveAddPartnerExcelDoc', () => {
        n += 1;
        return n === 1
          ? { status: 422, body: { errors: { file: ['The file is password protected.'] } } }
          : { status: 429, body: { message: 'Another import is in progress. Try again in a moment.' } };
      }),
    );
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await chooseFile(user, xlsx());
    const invalid = await screen.findByRole('dialog', { name: 'Greška u unosu' });
    expect(invalid).toHaveTextContent('Fajl je zaštićen šifrom.');
    await user.click(within(invalid).getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Greška u unosu' })).not.toBeInTheDocument());

    await user.upload(within(dialog).getByLabelText(/Excel fajl/), xlsx());
    const busy = await screen.findByRole('dialog', { name: 'Greška' });
    expect(busy).toHaveTextContent('Drugo učitavanje je u toku. Pokušajte ponovo za trenutak.');
    expect(within(dialog).getByRole('button', { name: 'Potvrdi' })).toBeDisabled();
  });
});
