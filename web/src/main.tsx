import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './i18n';
import './index.css';
import { registerServiceWorker } from './lib/service-worker';
import { captureClientErrors } from './state/error-log';
import { applyStoredSize } from './state/preferences';

applyStoredSize();
captureClientErrors();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
