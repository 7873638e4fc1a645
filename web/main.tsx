import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { UpdateOffer } from './components/overlays/new-version-modal.tsx';
import { AppRouterProvider } from './hooks/router-now.tsx';
// Kept from the first moment: the browser may offer installing before any screen has loaded.
import './lib/install-prompt.ts';
import { preloadFirstFeedPhoto } from './lib/first-photo.ts';
import { reportClientError } from './lib/report-client-error.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

window.addEventListener('unhandledrejection', (event) =>
  reportClientError('window: unhandled rejection', event.reason),
);

preloadFirstFeedPhoto();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouterProvider router={router} />
      <UpdateOffer />
    </Providers>
  </StrictMode>,
);

registerServiceWorker();
