import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { ProfileActions } from './profile-actions';
import { answer, fail, hang, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';

const stranger = { isSelf: false, isFollowing: false, hasBlocked: false };

// The profile route fetches these strings with the screen (app/router.tsx).
beforeAll(() => loadNamespaces('social'));

describe('the actions on another fan’s profile', () => {
  it('follows with one tap: the request names the fan and carries an idempotency key', async () => {
    const { user } = await renderWithProviders(<ProfileActions userId="u2" relationship={stranger} />);
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Following')).toBeTruthy();
    const sent = lastRequestTo('followUser');
    expect(sent).toMatchObject({ method: 'POST', params: { userId: 'u2' } });
    expect(sent.headers.get('idempotency-key')).toMatch(/.{8,}/);
    expect(requestsTo('unfollowUser')).toHaveLength(0);
  });

  it('unfollows a fan already followed', async () => {
    const { user } = await renderWithProviders(
      <ProfileActions userId="u2" relationship={{ ...stranger, isFollowing: true }} />,
    );
    const button = screen.getByRole('button', { name: 'Following' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await user.click(button);
    expect(await screen.findByText('Unfollowed')).toBeTruthy();
    expect(lastRequestTo('unfollowUser')).toMatchObject({ method: 'DELETE', params: { userId: 'u2' } });
  });

  it('sends one follow however often the button is tapped while it is on its way', async () => {
    server.use(hang('followUser'));
    const { user } = await renderWithProviders(<ProfileActions userId="u2" relationship={stranger} />);
    const button = screen.getByRole('button', { name: 'Follow' });
    await user.click(button);
    await user.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(requestsTo('followUser')).toHaveLength(1);
  });

  it('says why a follow was refused, in Georgian', async () => {
    server.use(fail('followUser', 'USER_BLOCKED'));
    const { user } = await renderWithProviders(<ProfileActions userId="u2" relationship={stranger} />, {
      language: 'ka',
    });
    await user.click(screen.getByRole('button', { name: 'გამოწერა' }));
    expect(await screen.findByText('შეცდომა')).toBeTruthy();
    expect(screen.getByText('ამ მომხმარებელთან ურთიერთობა შეუძლებელია.')).toBeTruthy();
  });

  it('blocks from the menu, and a blocked fan can no longer be followed', { timeout: 20_000 }, async () => {
    server.use(answer('blockUser', { blocked: true }));
    const { user, unmount } = await renderWithProviders(<ProfileActions userId="u2" relationship={stranger} />);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    expect(await screen.findByText('User blocked')).toBeTruthy();
    expect(lastRequestTo('blockUser')).toMatchObject({ method: 'POST', params: { userId: 'u2' } });
    unmount();

    await renderWithProviders(<ProfileActions userId="u2" relationship={{ ...stranger, hasBlocked: true }} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Blocked' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });

  it('reports a fan, and says so kindly when they were already reported', { timeout: 20_000 }, async () => {
    const { user } = await renderWithProviders(<ProfileActions userId="u2" relationship={stranger} />);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report User' }));
    expect(await screen.findByText('User reported')).toBeTruthy();
    expect(lastRequestTo('createReport').body).toMatchObject({ targetType: 'user', targetId: 'u2' });

    server.use(fail('createReport', 'ALREADY_REPORTED'));
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report User' }));
    expect(await screen.findByText('You have already reported this. Our moderators will review it.')).toBeTruthy();
  });

  it('shows nothing on one’s own profile', async () => {
    const { container } = await renderWithProviders(
      <ProfileActions userId="u1" relationship={{ ...stranger, isSelf: true }} />,
    );
    expect(container.textContent).toBe('');
  });
});
