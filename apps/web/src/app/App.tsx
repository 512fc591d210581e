// Routes: home in the first chunk; the variant and table pages load on demand.
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';

import { HomePage } from '../features/home/HomePage';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { tablePage, variantPage } from './routes';

/** The whole app: layout around the routes of docs/product.md. */
export function App() {
  return (
    <Suspense fallback={<div className="loading" aria-busy="true" />}>
      <Layout>
        <Suspense fallback={<div className="loading" aria-busy="true" />}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/variants/:id" component={variantPage.Page} />
            <Route path="/t/:id" component={tablePage.Page} />
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </Layout>
    </Suspense>
  );
}
