import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Steps } from 'primereact/steps';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorStatus } from '../../../shared/errors/apiError';
import { translateServerMessage } from '../../../shared/errors/errorKey';
import { ConflictPanel, type ConflictRow } from '../../../shared/form/ConflictPanel';
import { FIGURE, formatAmount } from '../../../shared/format/amount';
import { useSnackbar } from '../../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';
import { useLazyCampaignCompositionQuery, useSaveCompositionMutation } from './api';
import { CategoriesStep } from './CategoriesStep';
import { cashProblem } from '../../../shared/validation/amountRules';
import { invalidSubmitKey } from '../../../shared/validation/rules';
import {
  cashTotal,
  changeCategoriesOf,
  compositionBody,
  DRAFT_PARTS,
  draftOf,
  draftProblems,
  EMPTY_DRAFT,
  hasProblems,
  nameList,
  samePart,
  undoPruning,
  withPart,
  type ChosenPartner,
  type Draft,
  type DraftPart,
} from './composition';
import { PartnersStep } from './PartnersStep';
import { ProductsStep } from './ProductsStep';
import { PruneNotices, type PruneNotice } from './PruneNotices';
import type { Named } from './types';
import './stepper.css';

export type CompositionStep = 0 | 1 | 2;

export interface CompositionStepperProps {
  campaignId: number;
  /** The step the dialog opens at (spec §2: the opening step is a parameter). */
  initialStep: CompositionStep;
  visible: boolean;
  onHide: () => void;
  /** The composition was saved (the dialog then closes itself through onHide). */
  onSaved: () => void;
}

/** Which step shows a refused field of the save (422). */
const STEP_OF_FIELD: Record<string, CompositionStep> = {
  categories: 0,
  partners: 1,
  partner_id: 1,
  cash: 1,
  products: 2,
  product_id: 2,
};

const PART_STEP: Record<DraftPart, CompositionStep> = { categories: 0, partners: 1, products: 2 };

type StepErrors = Partial<Record<CompositionStep, string>>;

interface Conflict {
  mine: Draft;
  theirs: Draft;
}

/**
 * The campaign composition dialog (spec §2, §4, §5; ADR 0019): a stepper over the campaign's
 * categories, its partners with their cash and its products, opened at any step, saved at once
 * with PUT /api/campaignDetails/{id} against the version loaded. Deselecting a category prunes
 * the partners in none of the remaining ones, says which and offers an undo. A refused save
 * loses nothing: the dialog stays open with the choice; a stale one (409) shows what changed.
 */
export default function CompositionStepper({ campaignId, initialStep, visible, onHide, onSaved }: CompositionStepperProps) {
  const { t, i18n } = useTranslation(['translation', 'campaign_stepper']);
  const language = i18n.language;
  const snackbar = useSnackbar();
  const [load] = useLazyCampaignCompositionQuery();
  const [saveComposition, saveState] = useSaveCompositionMutation();

  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<CompositionStep>(initialStep);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [version, setVersion] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [notices, setNotices] = useState<PruneNotice[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<StepErrors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const noticeKey = useRef(0);
  // The draft as last rendered, for handlers a table may hold from an older render (PrimeReact
  // memoizes its cells with their callbacks): a category change must prune the current choice,
  // not an old one, or it would undo the ticks and cash typed since (issue 20).
  const latestDraft = useRef(draft);
  useEffect(() => {
    latestDraft.current = draft;
  }, [draft]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Each opening starts from the campaign as saved now, at the step asked for.
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setStep(initialStep);
      setDraft(EMPTY_DRAFT);
      setVersion(null);
      setLoadState('loading');
      setNotices([]);
      setShowErrors(false);
      setServerErrors({});
      setConflict(null);
      moved.current = false;
    }
  }

  useEffect(() => {
    if (!visible) return undefined;
    let live = true;
    load(campaignId, false)
      .unwrap()
      .then((campaign) => {
        if (!live) return;
        setDraft(draftOf(campaign, language));
        setVersion(campaign.version);
        setName(campaign.name);
        setLoadState('ready');
      })
      .catch(() => {
        // The error dialog said why; the dialog offers to try again.
        if (live) setLoadState('error');
      });
    return () => {
      live = false;
    };
  }, [visible, campaignId, load, attempt, language]);

  // A step chosen by the user takes the focus to its heading (keyboard and screen readers).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const goTo = (next: CompositionStep) => {
    moved.current = true;
    setStep(next);
  };

  const ready = loadState === 'ready';
  const tablesOpen = visible && ready;

  const changeCategories = (added: Named[], removedIds: number[]) => {
    setServerErrors((e) => ({ ...e, 0: undefined }));
    const { draft: next, pruning } = changeCategoriesOf(latestDraft.current, added, removedIds);
    if (pruning.partners.length > 0) {
      const notice: PruneNotice = { ...pruning, key: ++noticeKey.current };
      setNotices((list) => [...list, notice]);
    }
    latestDraft.current = next;
    setDraft(next);
  };

  const changePartners = (added: ChosenPartner[], removedIds: number[]) => {
    setServerErrors((e) => ({ ...e, 1: undefined }));
    setDraft((current) => {
      const partners = new Map(current.partners);
      for (const p of added) partners.set(p.id, p);
      for (const id of removedIds) partners.delete(id);
      return { ...current, partners };
    });
  };

  const changeCash = (partner: ChosenPartner, text: string) => {
    setDraft((current) => {
      const cash = { ...current.cash, [partner.id]: text };
      if (current.partners.has(partner.id) || text.trim() === '') return { ...current, cash };
      // Typing a cash chooses the partner.
      const partners = new Map(current.partners).set(partner.id, partner);
      return { ...current, cash, partners };
    });
  };

  const changeProducts = (added: Named[], removedIds: number[]) => {
    setServerErrors((e) => ({ ...e, 2: undefined }));
    const removed = new Set(removedIds);
    setDraft((current) => ({
      ...current,
      products: [...current.products.filter((p) => !removed.has(p.id)), ...added],
    }));
  };

  const undo = (notice: PruneNotice) => {
    setDraft((current) => undoPruning(current, notice));
    setNotices((list) => list.filter((n) => n.key !== notice.key));
  };

  const dismiss = (notice: PruneNotice) => setNotices((list) => list.filter((n) => n.key !== notice.key));

  /** After a stale save: the parts saved meanwhile replace the user's, who may take theirs back (ADR 0011). */
  const handleStale = async () => {
    try {
      const fresh = await load(campaignId, false).unwrap();
      const theirs = draftOf(fresh, language);
      let next = draft;
      for (const part of DRAFT_PARTS) if (!samePart(draft, theirs, part, language)) next = withPart(next, theirs, part);
      setConflict({ mine: draft, theirs });
      setDraft(next);
      setVersion(fresh.version);
      setName(fresh.name);
    } catch {
      // The reload failed and the error dialog said why; the choice stays as it was.
    }
  };

  const save = async () => {
    const problems = draftProblems(draft, language);
    if (hasProblems(problems)) {
      setShowErrors(true);
      // Only cash problems: the notice says what is wrong with them, as the add-partners dialog does.
      const onlyCash = !problems.noCategory && problems.outside.length === 0;
      const cashProblems = problems.badCash.map((p) => cashProblem(draft.cash[p.id], language));
      snackbar.error(t(onlyCash ? invalidSubmitKey(cashProblems) : 'snackbar_required'));
      goTo(problems.noCategory ? 0 : 1);
      return;
    }
    if (version === null) return;
    try {
      await saveComposition({ id: campaignId, version, body: compositionBody(draft, language) }).unwrap();
      snackbar.success(t('edit_success'));
      onSaved();
      onHide();
    } catch (error) {
      if (errorStatus(error) === 409) {
        await handleStale();
        return;
      }
      // 422: beside the error dialog, each refused field's sentence at its step; 435 and the
      // rest only in the dialog. Nothing chosen is lost either way.
      const errors: StepErrors = {};
      for (const [field, messages] of Object.entries(errorBody(error).errors ?? {})) {
        const at = STEP_OF_FIELD[field];
        if (at !== undefined && messages[0] && errors[at] === undefined) errors[at] = translateServerMessage(i18n, messages[0]);
      }
      setServerErrors(errors);
      const first = ([0, 1, 2] as const).find((s) => errors[s] !== undefined);
      if (first !== undefined) goTo(first);
    }
  };

  const stepLabels = [t('campaign_stepper.step_categories'), t('campaign_stepper.step_partners'), t('campaign_stepper.step_products')];

  const describe = (d: Draft, part: DraftPart): string => {
    const more = (count: number) => t('campaign_stepper.and_more', { count });
    if (part === 'partners') {
      if (d.partners.size === 0) return t('conflict.empty');
      const total = cashTotal(
        [...d.partners.keys()].map((id) => d.cash[id]),
        language,
      );
      return t('campaign_stepper.partners_summary', {
        count: d.partners.size,
        total: formatAmount(total, i18n.language, FIGURE),
        names: nameList(
          [...d.partners.values()].map((p) => p.name),
          more,
        ),
      });
    }
    const list = part === 'categories' ? d.categories : d.products;
    return list.length === 0 ? t('conflict.empty') : nameList(list.map((x) => x.name), more);
  };

  const conflictRows: ConflictRow[] = conflict
    ? DRAFT_PARTS.filter((part) => !samePart(conflict.mine, conflict.theirs, part, language)).map((part) => ({
        field: part,
        label: stepLabels[PART_STEP[part]],
        theirs: describe(conflict.theirs, part),
        mine: describe(conflict.mine, part),
        usingMine: samePart(draft, conflict.mine, part, language),
      }))
    : [];
  const takeMine = (part: string) => {
    if (!conflict) return;
    setDraft((current) => withPart(current, conflict.mine, part as DraftPart));
  };

  const categoryError =
    serverErrors[0] ?? (showErrors && draft.categories.length === 0 ? t('campaign_stepper.category_required') : undefined);

  const footer = (
    <div className="composition-stepper__footer">
      <Button type="button" label={t('dialog.close')} icon="pi pi-times" severity="secondary" text onClick={onHide} />
      <div className="composition-stepper__nav">
        <Button
          type="button"
          label={t('campaign_stepper.back')}
          icon="pi pi-arrow-left"
          outlined
          disabled={step === 0 || !ready}
          onClick={() => goTo((step - 1) as CompositionStep)}
        />
        {step < 2 && (
          <Button
            type="button"
            label={t('campaign_stepper.next')}
            icon="pi pi-arrow-right"
            iconPos="right"
            outlined
            disabled={!ready}
            onClick={() => goTo((step + 1) as CompositionStep)}
          />
        )}
        <Button
          type="button"
          label={t('campaign_stepper.add')}
          icon="pi pi-check"
          disabled={!ready}
          loading={saveState.isLoading}
          onClick={() => void save()}
        />
      </div>
    </div>
  );

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={name ? t('campaign_stepper.title_of', { name }) : t('campaign_stepper.title')}
      modal
      closeOnEscape={false}
      data-keeps-open-on-escape
      dismissableMask={false}
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.table)}
      className="composition-stepper"
      footer={footer}
    >
      <Steps
        model={stepLabels.map((label) => ({ label }))}
        activeIndex={step}
        onSelect={(e) => ready && goTo(e.index as CompositionStep)}
        readOnly={false}
        aria-label={t('campaign_stepper.steps_label')}
        className="composition-stepper__steps"
      />
      {conflict && (
        <ConflictPanel
          key={version ?? 0}
          rows={conflictRows}
          onUseMine={takeMine}
          onUseAllMine={() => conflictRows.forEach((r) => takeMine(r.field))}
        />
      )}
      <PruneNotices notices={notices} onUndo={undo} onDismiss={dismiss} />
      {loadState === 'loading' && (
        <div className="list-loading" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden />
          <span>{t('table.loading')}</span>
        </div>
      )}
      {loadState === 'error' && (
        <div className="list-error" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden />
          <span>{t('table.load_error')}</span>
          <Button
            type="button"
            icon="pi pi-refresh"
            label={t('list.retry')}
            size="small"
            outlined
            onClick={() => {
              setLoadState('loading');
              setAttempt((n) => n + 1);
            }}
          />
        </div>
      )}
      {ready &&
        ([0, 1, 2] as const).map((s) => (
          <section
            key={s}
            hidden={s !== step}
            className="composition-step"
            aria-labelledby={`composition-step-${s}`}
            data-testid={`composition-step-${s}`}
          >
            <h3
              id={`composition-step-${s}`}
              ref={s === step ? headingRef : undefined}
              tabIndex={-1}
              className="composition-step__title"
            >
              {t('campaign_stepper.step_of', { step: s + 1, label: stepLabels[s] })}
            </h3>
            {s === 0 && (
              <CategoriesStep open={tablesOpen} categories={draft.categories} onChange={changeCategories} error={categoryError} />
            )}
            {s === 1 && (
              <PartnersStep
                open={tablesOpen}
                draft={draft}
                showErrors={showErrors}
                onChange={changePartners}
                onCash={changeCash}
                error={serverErrors[1]}
              />
            )}
            {s === 2 && (
              <ProductsStep open={tablesOpen} products={draft.products} onChange={changeProducts} error={serverErrors[2]} />
            )}
          </section>
        ))}
    </Dialog>
  );
}
