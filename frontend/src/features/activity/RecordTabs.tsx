import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_TAB, type RecordTabsProps } from '../../shared/form/recordTabs';
import { HistoryPanel } from './HistoryPanel';
import { PartnerTimeline } from './PartnerTimeline';
import { HISTORY_TAB, tabsOf, TIMELINE_TAB } from './timeline';
import './activity.css';

const LABELS: Record<string, { key: string; icon: string }> = {
  [FORM_TAB]: { key: 'activity.tab_form', icon: 'pi pi-pencil' },
  [HISTORY_TAB]: { key: 'activity.history', icon: 'pi pi-history' },
  [TIMELINE_TAB]: { key: 'activity.timeline', icon: 'pi pi-chart-line' },
};

/**
 * An edit dialog's tabs (issue 21), drawn above its form: the form first and as it was, then
 * the record's History and a partner's Timeline. The form's own panel is the dialog's form
 * (hidden, not gone, on another tab); the others are drawn here when open. Arrow keys, Home
 * and End move between the tabs (WAI-ARIA tabs, selection following focus).
 */
export default function RecordTabs({ record, tab, onTab, formId, onRecordChanged }: RecordTabsProps) {
  const { t } = useTranslation();
  const tabs = tabsOf(record.resource);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (key: string) => `${formId}-${key === FORM_TAB ? 'tab' : `${key}-tab`}`;
  const panelId = (key: string) => (key === FORM_TAB ? formId : `${formId}-${key}`);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : e.key === 'Home' ? 0
      : e.key === 'End' ? last
      : undefined;
    if (next === undefined) return;
    e.preventDefault();
    onTab(tabs[next]);
    buttons.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={t('activity.record_tabs')} className="record-tabs">
        {tabs.map((key, index) => {
          const selected = key === tab;
          return (
            <button
              key={key}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={tabId(key)}
              aria-selected={selected}
              aria-controls={panelId(key)}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'record-tabs__tab record-tabs__tab--selected' : 'record-tabs__tab'}
              onClick={() => onTab(key)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              <i className={LABELS[key].icon} aria-hidden /> {t(LABELS[key].key)}
            </button>
          );
        })}
      </div>
      {tab !== FORM_TAB && tabs.includes(tab) && (
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="record-tabs__panel">
          {tab === HISTORY_TAB && <HistoryPanel resource={record.resource} id={record.id} onRecordChanged={onRecordChanged} />}
          {tab === TIMELINE_TAB && <PartnerTimeline partnerId={record.id} figures={record.figures} onRecordChanged={onRecordChanged} />}
        </div>
      )}
    </>
  );
}
