import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { imageRule } from '../validation/rules';
import { ImageField } from './ImageField';

function renderField(currentUrl?: string) {
  let latest: File | null = null;
  render(
    <Formik<{ image: File | null }>
      initialValues={{ image: null }}
      validationSchema={yup.object({ image: imageRule({ required: !currentUrl }) })}
      onSubmit={() => undefined}
    >
      {({ values }) => {
        latest = values.image;
        return <ImageField name="image" label="Slika" required={!currentUrl} currentUrl={currentUrl} />;
      }}
    </Formik>,
  );
  return { value: () => latest };
}

describe('image field', () => {
  it('takes a chosen jpg or png, names it and can drop it again', async () => {
    const user = userEvent.setup();
    const field = renderField();
    expect(screen.getByText('Slika nije izabrana')).toBeInTheDocument();
    const input = screen.getByLabelText(/Slika/, { selector: 'input' });
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,image/jpeg,image/png');

    await user.upload(input, new File([new Uint8Array(2048)], 'busilica.png', { type: 'image/png' }));
    expect(await screen.findByText('busilica.png (2 kB)')).toBeInTheDocument();
    expect(field.value()?.name).toBe('busilica.png');
    expect(screen.getByText('Promijenite sliku')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Poništi izbor slike' }));
    expect(await screen.findByText('Slika nije izabrana')).toBeInTheDocument();
    expect(field.value()).toBeNull();
  });

  it('says at once when the file is not an image of an accepted type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderField();
    await user.upload(
      screen.getByLabelText(/Slika/, { selector: 'input' }),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Slika mora biti u formatu jpg, jpeg ili png'),
    );
  });

  it('on edit shows the current image until another is chosen', () => {
    renderField('/api/images/products/a.jpg');
    expect(screen.getByText('Trenutna slika')).toBeInTheDocument();
    expect(screen.getByAltText('Pregled slike')).toHaveAttribute('src', '/api/images/products/a.jpg');
  });
});
