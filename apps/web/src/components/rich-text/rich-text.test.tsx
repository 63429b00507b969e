// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { MentionTextarea } from './mention-textarea';
import { RichText } from './rich-text';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RichText', () => {
  it('turns mentions, hashtags and http(s) links into links and everything else, HTML included, into text', () => {
    const { container } = render(
      <MemoryRouter>
        <RichText
          text={'<b>hi</b> @Nika_10, #DinTor https://burti.ge/x. javascript:alert(1) @nobody'}
          mentions={[{ handle: 'nika_10', id: 'u1', nickname: 'nika_renamed' }]}
        />
      </MemoryRouter>,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>hi</b>');
    expect(screen.getByRole('link', { name: '@nika_renamed' }).getAttribute('href')).toBe('/u/u1');
    expect(screen.getByRole('link', { name: '#DinTor' }).getAttribute('href')).toBe('/tag/dintor');
    const link = screen.getByRole('link', { name: 'https://burti.ge/x' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });
});

describe('MentionTextarea', () => {
  it('offers fans for @ as a listbox the keyboard walks, and Enter puts the picked nickname in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json({
            fans: [
              { id: 'a', nickname: 'nika_10', avatarUrl: null },
              { id: 'b', nickname: 'nikoloz', avatarUrl: null },
            ],
          }),
        ),
      ),
    );
    function Box() {
      const [value, setValue] = useState('');
      return <MentionTextarea aria-label="text" value={value} onValueChange={setValue} />;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Box />
      </QueryClientProvider>,
    );
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'text' });
    await userEvent.type(box, 'Hi @nik');
    const list = await screen.findByRole('listbox');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id));
    await userEvent.keyboard('{Enter}');
    expect(box.value).toBe('Hi @nikoloz ');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});
