import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import i18n, { i18nReady } from './lib/i18n';
import { meQuery } from './features/auth/api/get-me';
import { feedQuery } from './features/posts/api/get-feed';
import { preloadLeadingPhoto } from './features/posts/lib/photo';
import { createQueryClient } from './lib/query-client';
import { initPlatform } from './lib/platform';
import { setManifestLanguage, startPwa } from './lib/pwa';
import './styles.css';

initPlatform(router);
startPwa();
setManifestLanguage(i18n.language);
i18n.on('languageChanged', setManifestLanguage);

// The first screen's data is asked for now, while the router fetches the screen's code, instead of after it:
// who is signed in (index.html preloads it already), and the feed when the app opens on it, with its first photo
// (the likely largest paint) as soon as the feed names it.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(meQuery());
if (window.location.pathname === '/feed') {
  queryClient
    .fetchInfiniteQuery(feedQuery())
    .then((feed) => preloadLeadingPhoto(feed.pages[0]?.posts ?? []))
    // The feed screen shows the error and offers to retry.
    .catch(() => undefined);
}

// The first screen is drawn in its language from the start (Georgian strings load before it when needed).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
