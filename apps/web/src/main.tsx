import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { i18nReady } from './lib/i18n';
import { initPlatform } from './lib/platform';
import './styles.css';

initPlatform(router);

// The first screen is drawn in its language from the start (Georgian strings load before it when needed).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
