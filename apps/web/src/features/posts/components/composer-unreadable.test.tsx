import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing';
import { PostComposer } from './post-composer';

/** A file that says it is a PNG: the browser only finds out it is not one when it tries to show it. */
const notReallyAPng = () => new File(['this is not a picture'], 'goal.png', { type: 'image/png' });

describe('a photo the browser cannot read', () => {
  it('is refused as soon as it is picked, with a message, not shown broken until Post', async () => {
    const { user } = await renderWithProviders(<PostComposer frame="page" onDone={() => {}} />);
    await user.upload(screen.getByLabelText('Choose a photo'), notReallyAPng());
    const preview = await screen.findByRole('img', { name: 'Selected photo' });

    fireEvent.error(preview); // what the browser does when the bytes are not an image
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please select a valid photo file')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Selected photo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', true);
  }, 30_000);

  it('says so in Georgian', async () => {
    const { user } = await renderWithProviders(<PostComposer frame="page" onDone={() => {}} />, { language: 'ka' });
    await user.upload(screen.getByLabelText('ფოტოს არჩევა'), notReallyAPng());
    fireEvent.error(await screen.findByRole('img', { name: 'არჩეული ფოტო' }));
    expect(await screen.findByText('აირჩიე ფოტოს ფაილი')).toBeTruthy();
  }, 30_000);
});
