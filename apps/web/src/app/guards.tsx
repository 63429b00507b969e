import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearReturnTo, peekReturnTo, rememberReturnTo } from '../lib/return-to';
import { useMe } from '../features/auth/api/get-me';
import { useNotificationStream } from '../features/notifications/api/use-notification-stream';
import { useInstallOffer } from '../features/pwa/install-offer';
import { isOffline, OfflineScreen } from '../features/pwa/offline-screen';
import { useRecordReferral } from '../features/referrals/api/record-referral';
import { useFirstIdle } from '../lib/idle';
import { platform, registerPush } from '../lib/platform';
import { Splash } from './splash';

/** What runs while a fan is signed in: live notifications, the device's referral, native push registration. */
function SignedInEffects({ userId }: { userId: string }) {
  // The stream holds a connection open for good: opened once the first screen is drawn, not while it loads.
  const isIdle = useFirstIdle();
  useNotificationStream(Boolean(userId) && isIdle);
  useRecordReferral();
  useInstallOffer();
  useEffect(() => {
    // The native app asks for push permission once signed in (the spec's "after login"); browsers ask from a tap.
    if (platform === 'native') void registerPush();
  }, [userId]);
  return null;
}

/** Anonymous visitors go to /auth; the rest of the app is for signed-in fans. */
export function RequireAuth() {
  const query = useMe();
  const { data: me, isPending, isError, refetch } = query;
  const location = useLocation();
  if (isOffline(query) && !me) return <OfflineScreen onRetry={() => void refetch()} />;
  if (isPending) return <Splash />;
  if (isError) return <Splash error onRetry={() => void refetch()} />;
  if (!me) {
    // Kept for after sign-in (lib/return-to): a shared post link opens that post once the visitor is in.
    rememberReturnTo(location.pathname + location.search);
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  const here = location.pathname + location.search;
  if (peekReturnTo() === here) {
    // A new fan (just signed up and confirmed) chooses a club first; the club choice then takes them to the
    // page they opened (ClubPicker), so the kept path stays until then.
    if (!me.primaryClub) return <Navigate to="/onboarding" replace />;
    clearReturnTo();
  }
  return (
    <>
      <SignedInEffects userId={me.id} />
      <Outlet />
    </>
  );
}

/** Feed, club feed and new post need a primary club first. */
export function RequireClub() {
  const { data: me } = useMe();
  if (me && !me.primaryClub) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

/** The admin area is decided by the server's is_admin flag; everyone else goes back to the feed. */
export function RequireAdmin() {
  const { data: me } = useMe();
  if (me && !me.isAdmin) return <Navigate to="/feed" replace />;
  return <Outlet />;
}

/** The auth screen is for anonymous visitors: a signed-in fan who opens it goes to /. */
export function AnonymousOnly() {
  const query = useMe();
  const { data: me, isPending } = query;
  if (isOffline(query) && !me) return <OfflineScreen onRetry={() => void query.refetch()} />;
  if (isPending) return <Splash />;
  if (me) return <Navigate to={peekReturnTo() ?? '/'} replace />;
  return <Outlet />;
}
