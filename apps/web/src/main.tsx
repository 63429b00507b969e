import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import i18n from './lib/i18n';
import { initPlatform } from './lib/platform';
import { setManifestLanguage, startPwa } from './lib/pwa';
import './styles.css';

initPlatform(router);
startPwa();
setManifestLanguage(i18n.language);
i18n.on('languageChanged', setManifestLanguage);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
