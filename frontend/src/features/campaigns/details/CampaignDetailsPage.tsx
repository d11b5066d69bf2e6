import { useCanWrite } from '../../../shared/auth/permissions';
import i18next from 'i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { VisibilityChip } from '../../../shared/ui/VisibilityChip';
import { ActiveChip } from '../../../shared/list/ActiveChip';
import { campaignsApi, useGetCampaignQuery } from '../api';
import { stepOfTab, TABS, VISIBILITY_LABELS, type TabKey } from '../types';
import { CartTab } from './CartTab';
import { CategoriesTab } from './CategoriesTab';
import { PartnersTab } from './PartnersTab';
import { ProductsTab } from './ProductsTab';
import '../campaigns.css';

// The stepper and its strings load when it first opens. (Features do not import app, so its
// strings come through the one i18next instance the app set up rather than app's screenStrings.)
const CompositionStepper = lazy(() =>
  Promise.all([import('../stepper/CompositionStepper'), i18next.loadNamespaces('campaign_stepper')]).then(([m]) => m),
);

const isTab = (value: string | null): value is TabKey => (TABS as readonly string[]).includes(value ?? '');

/**
 * Spec §2 "Campaigns" details, full screen: the campaign read-only on the left, its Products,
 * Categories, Partners and Cart tabs on the right (the open tab in the URL, so a reload keeps
 * it), and the composition stepper at the step of the open tab.
 */
export default function CampaignDetailsPage() {
  const canWrite = useCanWrite('campaigns');
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const params = useParams();
  const campaignId = Number(params.id);
  const valid = Number.isInteger(campaignId) && campaignId > 0;
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'products';
  const composeParam = search.get('compose');
  const { data: campaign, isLoading, isError } = useGetCampaignQuery(campaignId, { skip: !valid });
  // The stepper keeps its step while it animates out; it mounts on its first opening.
  const [stepper, setStepper] = useState<{ step: 0 | 1 | 2; visible: boolean; opened: boolean }>({
    step: 0,
    visible: false,
    opened: false,
  });

  // After an add the list sends ?compose=0: open the stepper once and drop the parameter.
  useEffect(() => {
    if (composeParam === null || !valid) return;
    const step = Number(composeParam);
    setStepper({ step: step === 1 || step === 2 ? step : 0, visible: true, opened: true });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('compose');
        return next;
      },
      { replace: true },
    );
  }, [composeParam, valid, setSearch]);

  const openStepper = () => setStepper({ step: stepOfTab(tab), visible: true, opened: true });

  const onComposed = () => {
    dispatch(campaignsApi.util.invalidateTags(['CampaignTab', { type: 'Campaign', id: campaignId }]));
  };

  // Another tab starts from its own state (or its default view): the address keeps only the tab.
  const selectTab = (index: number) => {
    setSearch(new URLSearchParams({ tab: TABS[index] ?? 'products' }), { replace: true });
  };

  const back = (
    <Link to="/campaigns" className="back-link">
      <i className="pi pi-arrow-left" aria-hidden /> {t('campaigns.back')}
    </Link>
  );

  if (!valid || (!isLoading && !isError && !campaign)) {
    return (
      <section className="campaign-details">
        {back}
        <Message severity="warn" text={t('campaigns.not_found')} />
      </section>
    );
  }

  return (
    <section className="campaign-details" aria-labelledby="campaign-title">
      <header className="campaign-details__header">
        {back}
        <div className="campaign-details__title-row">
          <h1 id="campaign-title" className="campaign-details__title">
            {campaign?.name ?? t('campaigns.title')}
          </h1>
          {canWrite && <Button type="button" icon="pi pi-sitemap" label={t('campaigns.composition')} onClick={openStepper} />}
        </div>
      </header>
      <div className="campaign-details__body">
        <aside className="campaign-card" aria-label={t('campaigns.about')}>
          {isLoading && <PageLoader />}
          {campaign && (
            <>
              <img className="campaign-card__image" src={campaign.image_url} alt={t('campaigns.image_of', { name: campaign.name })} />
              <dl className="campaign-card__facts">
                <dt>{t('campaigns.name')}</dt>
                <dd>{campaign.name}</dd>
                <dt>{t('campaigns.description')}</dt>
                <dd className="campaign-card__description">{campaign.description}</dd>
                <dt>{t('campaigns.status')}</dt>
                <dd className="campaign-card__chips">
                  <VisibilityChip visible={campaign.is_visible} labels={VISIBILITY_LABELS} />
                  <ActiveChip active={campaign.is_active} />
                </dd>
              </dl>
            </>
          )}
        </aside>
        <div className="campaign-details__tabs">
          <TabView activeIndex={TABS.indexOf(tab)} onTabChange={(e) => selectTab(e.index)} scrollable>
            <TabPanel header={t('campaigns.tabs.products')} leftIcon="pi pi-box campaign-tab-icon">
              <ProductsTab campaignId={campaignId} />
            </TabPanel>
            <TabPanel header={t('campaigns.tabs.categories')} leftIcon="pi pi-tags campaign-tab-icon">
              <CategoriesTab campaignId={campaignId} />
            </TabPanel>
            <TabPanel header={t('campaigns.tabs.partners')} leftIcon="pi pi-briefcase campaign-tab-icon">
              <PartnersTab campaignId={campaignId} />
            </TabPanel>
            <TabPanel header={t('campaigns.tabs.cart')} leftIcon="pi pi-shopping-cart campaign-tab-icon">
              <CartTab campaignId={campaignId} />
            </TabPanel>
          </TabView>
        </div>
      </div>
      {stepper.opened && (
        <Suspense fallback={null}>
          <CompositionStepper
            campaignId={campaignId}
            initialStep={stepper.step}
            visible={stepper.visible}
            onHide={() => setStepper((s) => ({ ...s, visible: false }))}
            onSaved={onComposed}
          />
        </Suspense>
      )}
    </section>
  );
}
