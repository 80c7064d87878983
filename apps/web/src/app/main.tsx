import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { RouteTree } from './route-tree';
import { createRoutes } from './router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to mount the app in');

const queryClient = createQueryClient();
const routes = createRoutes();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <RouteTree routes={routes} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
