import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import RichTextEditor from './RichTextEditor';

function Harness({
  initial,
  upload = vi.fn(async () => '/api/images/sliders/new.png'),
  onHtml,
}: {
  initial: string;
  upload?: (file: File) => Promise<string>;
  onHtml?: (html: string) => void;
}) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <span id="label">Sadržaj</span>
      <RichTextEditor
        value={html}
        onChange={(next) => {
          setHtml(next);
          onHtml?.(next);
        }}
        labelId="label"
        uploadImage={upload}
      />
      <output data-testid="html">{html}</output>
    </>
  );
}

const html = () => screen.getByTestId('html').textContent;
const imageInput = () => screen.getByTestId<HTMLInputElement>('rich-text-image-input');

describe('RichTextEditor', () => {
  beforeEach(() => {
    // draft-js scrolls the window to keep the caret in view; jsdom has no layout.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('shows the HTML it is given: headings, styles, links, lists and images', () => {
    render(
      <Harness
        initial={
          '<h2>Zimska akcija</h2><p>Popust <strong>20%</strong> na <a href="https://vitrina.me">sajtu</a></p>' +
          '<ul><li>Alati</li></ul><figure><img src="/api/images/sliders/a.png" alt=""></figure>'
        }
      />,
    );
    const editor = screen.getByRole('textbox', { name: 'Sadržaj' });
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(within(editor).getByText('Zimska akcija').closest('h2')).not.toBeNull();
    expect(within(editor).getByText('20%').parentElement).toHaveStyle({ fontWeight: 'bold' });
    expect(within(editor).getByText('sajtu').closest('a')).toHaveAttribute('href', 'https://vitrina.me');
    expect(within(editor).getByText('Alati').closest('li')).not.toBeNull();
    expect(editor.querySelector('img')).toHaveAttribute('src', '/api/images/sliders/a.png');
  });

  it('a toolbar action hands out the new HTML', async () => {
    const onHtml = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial="<p>Naslov akcije</p>" onHtml={onHtml} />);
    await user.click(screen.getByRole('button', { name: 'Naslov 2' }));
    await waitFor(() => expect(html()).toBe('<h2>Naslov akcije</h2>'));
    expect(screen.getByRole('button', { name: 'Naslov 2' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Numerisana lista' }));
    await waitFor(() => expect(html()).toBe('<ol type="1"><li>Naslov akcije</li></ol>'));
    expect(onHtml).toHaveBeenCalledTimes(2);
  });

  it('the toolbar is one tab stop, named, moved along with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness initial="" />);
    const toolbar = screen.getByRole('toolbar', { name: 'Oblikovanje teksta' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Naslov 1',
      'Naslov 2',
      'Naslov 3',
      'Podebljano',
      'Kurziv',
      'Podvučeno',
      'Lista sa oznakama',
      'Numerisana lista',
      'Veza',
      'Umetni sliku',
    ]);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(buttons[2]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[9]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[0]).toHaveFocus();
    expect(buttons[0].tabIndex).toBe(0);
    expect(buttons[9].tabIndex).toBe(-1);
  });

  it('refuses an image over 5,242,880 bytes or not jpg/png before uploading it', async () => {
    const upload = vi.fn(async () => '/api/images/sliders/x.png');
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness initial="<p>Tekst</p>" upload={upload} />);

    await user.upload(imageInput(), new File([new Uint8Array(5_242_881)], 'velika.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Slika ne smije biti veća od 5 MB');

    await user.upload(imageInput(), new File(['GIF89a'], 'animacija.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Slika mora biti u formatu jpg, jpeg ili png');
    expect(upload).not.toHaveBeenCalled();
    expect(html()).toBe('<p>Tekst</p>');

    // Exactly the limit is allowed.
    await user.upload(imageInput(), new File([new Uint8Array(5_242_880)], 'tacno.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  });

  it('uploads a chosen image and inserts the answered link as an image block', async () => {
    const upload = vi.fn(async () => '/api/images/sliders/c3d4.png');
    const user = userEvent.setup();
    render(<Harness initial="<p>Tekst</p>" upload={upload} />);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'baner.png', { type: 'image/png' });
    await user.upload(imageInput(), file);
    await waitFor(() => expect(html()).toContain('<figure><img src="/api/images/sliders/c3d4.png" alt=""></figure>'));
    expect(upload).toHaveBeenCalledWith(file);
    expect(html()).toContain('<p>Tekst</p>');
    expect(screen.getByRole('textbox', { name: 'Sadržaj' }).querySelector('img')).toHaveAttribute(
      'src',
      '/api/images/sliders/c3d4.png',
    );
  });

  it('a link takes only http, https or mailto addresses', async () => {
    const user = userEvent.setup();
    render(<Harness initial="" />);
    await user.click(screen.getByRole('button', { name: 'Veza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Veza' });
    const address = within(dialog).getByLabelText('Adresa');
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Unesite adresu koja počinje sa http://, https:// ili mailto:',
    );
    expect(html()).toBe('');

    await user.clear(address);
    await user.type(address, 'https://vitrina.me/akcija{Enter}');
    await waitFor(() => expect(html()).toBe('<p><a href="https://vitrina.me/akcija">https://vitrina.me/akcija</a></p>'));
  });
});
