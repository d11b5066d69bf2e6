import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { renderScreen } from '../../test/render';
import { FormDialog } from '../form/FormDialog';
import { SelectField } from '../form/SelectField';
import { TextField } from '../form/TextField';
import { installDialogEscapeGuard } from './dialogEscape';

beforeAll(() => {
  installDialogEscapeGuard();
});

const TYPES = [
  { label: 'Telefon', value: 1 },
  { label: 'E-mail', value: 2 },
];

/** A closable dialog (like the contacts list) with a list of its own and a form dialog over it. */
function Host() {
  const [outer, setOuter] = useState(true);
  const [form, setForm] = useState(false);
  const [kind, setKind] = useState<number | null>(null);
  return (
    <Dialog visible={outer} onHide={() => setOuter(false)} header="Kontakti" modal>
      <label htmlFor="kind">Vrsta</label>
      <Dropdown inputId="kind" value={kind} options={TYPES} onChange={(e) => setKind(e.value as number)} />
      <button type="button" onClick={() => setForm(true)}>
        Dodaj kontakt
      </button>
      <FormDialog<{ contact_type_id: number | null; contact: string }>
        visible={form}
        title="Novi kontakt"
        initialValues={{ contact_type_id: null, contact: '' }}
        validationSchema={yup.object({ contact: yup.string().required('validation.field') })}
        onSubmit={async () => undefined}
        onHide={() => setForm(false)}
      >
        <SelectField<number> name="contact_type_id" label="Vrsta kontakta" options={TYPES} />
        <TextField name="contact" label="Kontakt" required autoFocus />
      </FormDialog>
    </Dialog>
  );
}

// Dialog animations and focus moves run on timers: a loaded machine (the full parallel run) needs
// longer than waitFor's default second.
const SLOW = { timeout: 5000 };

const panelOpen = () => document.querySelector('.p-dropdown-panel') !== null;

describe('Esc in dialogs', () => {
  it('in an open list closes only the list, not the dialog', async () => {
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await screen.findByRole('dialog', { name: 'Kontakti' });
    await user.click(dialog.querySelector<HTMLElement>('.p-dropdown')!);
    await waitFor(() => expect(panelOpen()).toBe(true), SLOW);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(panelOpen()).toBe(false), SLOW);
    expect(screen.getByRole('dialog', { name: 'Kontakti' })).toBeInTheDocument();

    // With no list open, Esc still closes the closable dialog.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kontakti' })).not.toBeInTheDocument(), SLOW);
  });

  it('in a form dialog over a closable one closes neither, also from the form’s open list', async () => {
    const user = userEvent.setup();
    renderScreen(<Host />);
    const outer = await screen.findByRole('dialog', { name: 'Kontakti' });
    await user.click(within(outer).getByRole('button', { name: 'Dodaj kontakt' }));
    const form = await screen.findByRole('dialog', { name: 'Novi kontakt' });
    await waitFor(() => expect(within(form).getByLabelText(/Kontakt/, { selector: 'input#field-contact' })).toHaveFocus(), SLOW);

    await user.keyboard('{Escape}');
    await user.click(form.querySelector<HTMLElement>('.p-dropdown')!);
    await waitFor(() => expect(panelOpen()).toBe(true), SLOW);
    // The key goes to the open list's own input, as a keyboard user's would: on a loaded machine
    // the form's delayed first focus could otherwise take the key meant for the list.
    fireEvent.keyDown(form.querySelector<HTMLElement>('.p-dropdown input')!, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(panelOpen()).toBe(false), SLOW);

    expect(screen.getByRole('dialog', { name: 'Novi kontakt' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Kontakti' })).toBeInTheDocument();
  });
});
