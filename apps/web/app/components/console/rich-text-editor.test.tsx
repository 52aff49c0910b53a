import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor.tsx';

describe('RichTextEditor', () => {
  it('is a plain labelled textarea holding the HTML on the server (the form works without JavaScript)', () => {
    const html = renderToString(<RichTextEditor name="about" label="About" initialHtml="<p>Family <strong>bakery</strong></p>" />);
    document.body.innerHTML = html;
    const box = screen.getByRole('textbox', { name: 'About' }) as HTMLTextAreaElement;
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.name).toBe('about');
    expect(box.value).toBe('<p>Family <strong>bakery</strong></p>');
    document.body.innerHTML = '';
  });

  it('becomes the editor in the browser: the HTML shown formatted, posted from a hidden field', async () => {
    const { container } = render(
      <form aria-label="Merchant">
        <RichTextEditor name="about" label="About" initialHtml="<p>Family <strong>bakery</strong></p>" errors={['Keep it under 2,000 characters.']} />
      </form>,
    );
    // The stand-in textarea until the editor's chunk has loaded.
    await screen.findByRole('toolbar', { name: 'Formatting' }, { timeout: 5000 });
    const editor = await waitFor(() => {
      const box = screen.getByRole('textbox', { name: 'About' });
      expect(box.getAttribute('contenteditable')).toBe('true');
      return box;
    });
    expect(editor.querySelector('strong')?.textContent).toBe('bakery');
    expect(editor.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(editor.getAttribute('aria-describedby')!)?.textContent).toBe('Keep it under 2,000 characters.');
    const hidden = container.querySelector('input[type="hidden"][name="about"]') as HTMLInputElement;
    expect(hidden.value).toBe('<p>Family <strong>bakery</strong></p>');
    expect(container.querySelector('textarea')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(hidden.value).toBe('<ul><li><p>Family <strong>bakery</strong></p></li></ul>'));
    expect(screen.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true');
    for (const name of ['Bold', 'Italic', 'Heading', 'Subheading', 'Bulleted list', 'Numbered list', 'Link']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});
