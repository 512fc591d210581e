// Routes: each page in its own chunk, loaded before the first render by main.tsx (app/routes.ts).
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';

import { NotFound } from '../components/NotFound';
import { Layout } from './Layout';
import {
  analysisPage,
  devicesPage,
  explorerPage,
  homePage,
  offlinePage,
  puzzlesPage,
  tablePage,
  variantPage,
} from './routes';

/** The whole app: layout around the routes of docs/product.md. */
export function App() {
  return (
    <Suspense fallback={<div className="loading" aria-busy="true" />}>
      <Layout>
        <Suspense fallback={<div className="loading" aria-busy="true" />}>
          <Switch>
            <Route path="/" component={homePage.Page} />
            <Route path="/variants/:id" component={variantPage.Page} />
            <Route path="/t/:id" component={tablePage.Page} />
            <Route path="/analysis/:variant" component={analysisPage.Page} />
            <Route path="/explorer/:variant" component={explorerPage.Page} />
            <Route path="/play/offline" component={offlinePage.Page} />
            <Route path="/puzzles" component={puzzlesPage.Page} />
            <Route path="/devices" component={devicesPage.Page} />
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </Layout>
    </Suspense>
  );
}
