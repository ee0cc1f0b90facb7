import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

initI18n();
// Page-load mark for the "page load to dealt hand" figure (see docs/web.md).
performance.mark('stich-start');
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
