/**
 * The installation operator's screen, /operator, opened from the user menu by superusers:
 * companies with their subscriptions and credits, prices, bad weather stations and the end-user
 * agreement. Reads the operator machine through selectors and sends its events.
 */
import { useContext, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectLoadError, selectLoading, selectNotice, selectRefused } from '@machines/operator/operator.selectors.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { page, pageHeader, pageSubtitle, pageTitle, stack } from '../../ui/surface.css.ts';
import { Loading } from '../system/loading.tsx';
import { OperatorLogicContext } from '../../services/operator-services.ts';
import { CompaniesPanel } from './companies-panel.tsx';
import { PricesPanel } from './prices-panel.tsx';
import { BadStationsPanel } from './bad-stations-panel.tsx';
import { EulaPanel } from './eula-panel.tsx';

type Tab = 'companies' | 'prices' | 'stations' | 'agreement';

export function OperatorScreen() {
  usePageTitle('Operator');
  const logic = useContext(OperatorLogicContext);
  const operator = useActorRef(logic);
  const loading = useSelector(operator, selectLoading);
  const refused = useSelector(operator, selectRefused);
  const loadError = useSelector(operator, selectLoadError);
  const notice = useSelector(operator, selectNotice);
  // Which list is in front is the view's own choice; nothing else depends on it.
  const [tab, setTab] = useState<Tab>('companies');

  if (loading) return <Loading />;
  if (refused) {
    return (
      <div className={page}>
        <EmptyState
          title="Operators only"
          description="This page is for the operator of this Canopy installation. Ask them if you need a company, a subscription or credits."
        />
      </div>
    );
  }
  if (loadError) {
    return (
      <div className={page}>
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => operator.send({ type: 'retry' })}>
              Retry
            </Button>
          }
        >
          The operator's lists could not be loaded: {loadError}
        </InlineMessage>
      </div>
    );
  }
  return (
    <div className={`${page} ${stack}`}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Operator</h1>
          <p className={pageSubtitle}>Companies, subscriptions and credits, prices, bad weather stations and the end-user agreement of this installation.</p>
        </div>
      </header>
      {notice ? <InlineMessage tone="success">{notice}</InlineMessage> : null}
      <Tabs
        label="Operator sections"
        value={tab}
        onValueChange={(v) => setTab(v as Tab)}
        items={[
          { value: 'companies', label: 'Companies', content: <CompaniesPanel operator={operator} /> },
          { value: 'prices', label: 'Prices', content: <PricesPanel operator={operator} /> },
          { value: 'stations', label: 'Bad stations', content: <BadStationsPanel operator={operator} /> },
          { value: 'agreement', label: 'End-user agreement', content: <EulaPanel operator={operator} /> },
        ]}
      />
    </div>
  );
}
