import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { object, string } from 'yup';
import type { ListParams } from '../../../shared/api/list';
import { FormDialog } from '../../../shared/form/FormDialog';
import { NumberField } from '../../../shared/form/NumberField';
import { SelectField } from '../../../shared/form/SelectField';
import { SwitchField } from '../../../shared/form/SwitchField';
import { TextAreaField } from '../../../shared/form/TextAreaField';
import { TextField } from '../../../shared/form/TextField';
import { ActiveChip } from '../../../shared/list/ActiveChip';
import { FilterButtons } from '../../../shared/list/FilterButtons';
import { ListPage } from '../../../shared/list/ListPage';
import { EditButton, ToggleActiveButton } from '../../../shared/list/RowActionButtons';
import type { ListColumn } from '../../../shared/list/types';
import { DIALOG_WIDTH, type DialogWidth } from '../../../shared/ui/dialogWidth';
import { formatAmount, formatCount } from '../numbers';
import '../templates.css';
import { ICONS_IN_USE } from './icons';
import { samplePage, toggleSample, type SampleRow } from './sampleList';

/** The theme's CSS variables a new screen should build on (app/styles.css and the PrimeReact theme). */
const COLOURS = [
  '--app-bg',
  '--app-surface',
  '--app-border',
  '--app-text',
  '--app-muted',
  '--app-primary',
  '--primary-color',
  '--primary-color-text',
  '--surface-ground',
  '--surface-card',
  '--text-color',
  '--text-color-secondary',
  '--green-500',
  '--red-500',
  '--orange-500',
  '--blue-500',
];

/** The type scale, as the screens use it: the class and what it is for (shown without the heading's role). */
const TYPE_SCALE = [
  { key: 'page_title', className: 'page-title' },
  { key: 'section_title', className: 'template-section__title' },
  { key: 'body', className: 'style-sample__body' },
  { key: 'intro', className: 'page-intro' },
  { key: 'small', className: 'style-sample__small' },
] as const;

/** The dialog widths of spec §9 (add/edit 600, sliders 800). */
const DIALOG_WIDTHS = Object.values(DIALOG_WIDTH);

const SAMPLE_ROWS: SampleRow[] = [
  { id: 1, name: 'Bar', is_active: true },
  { id: 2, name: 'Berane', is_active: true },
  { id: 3, name: 'Budva', is_active: false },
  { id: 4, name: 'Cetinje', is_active: true },
];

const dialogSchema = object({ style_dialog_name: string().trim().required('validation.field') });

function useCssVariables(names: string[]): Record<string, string> {
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    const style = getComputedStyle(document.documentElement);
    setValues(Object.fromEntries(names.map((n) => [n, style.getPropertyValue(n).trim()])));
  }, [names]);
  return values;
}

/**
 * /typography and /icons: the panel's style page for whoever extends it — the type scale, the
 * theme's colours, the icons in use and the shared components, the real ones from src/shared.
 */
export default function StyleGuidePage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const colours = useCssVariables(COLOURS);
  const [rows, setRows] = useState(SAMPLE_ROWS);
  const [dialogWidth, setDialogWidth] = useState<DialogWidth | null>(null);

  // /icons opens at the icons; /typography at the top.
  useEffect(() => {
    const target = location.pathname === '/icons' ? 'icons' : location.hash.slice(1);
    if (target) document.getElementById(target)?.scrollIntoView();
  }, [location.pathname, location.hash]);

  const columns: ListColumn<SampleRow>[] = useMemo(
    () => [{ field: 'name', header: 'templates.style.sample_column', filter: true }],
    [],
  );
  const useSampleList = (params: ListParams) => ({
    data: samplePage(rows, params),
    isFetching: false,
    isLoading: false,
    isError: false,
    refetch: () => undefined,
  });
  const useSampleToggle = () =>
    [
      (id: number) => ({
        unwrap: async () => {
          const { rows: next, answer } = toggleSample(rows, id);
          setRows(next);
          return answer;
        },
      }),
      { isLoading: false },
    ] as const;

  const sections = [
    { id: 'typography', label: 'templates.style.typography' },
    { id: 'colours', label: 'templates.style.colours' },
    { id: 'icons', label: 'templates.style.icons' },
    { id: 'components', label: 'templates.style.components' },
  ];

  return (
    <section className="template-page style-page" aria-labelledby="style-title">
      <header className="template-page__header">
        <div>
          <h1 id="style-title" className="page-title">
            {t('templates.style.title')}
          </h1>
          <p className="page-intro">{t('templates.style.intro')}</p>
        </div>
      </header>
      <nav className="style-nav" aria-label={t('templates.style.contents')}>
        {sections.map((s) => (
          <a key={s.id} href={`#${s.id}`} className="style-nav__link">
            {t(s.label)}
          </a>
        ))}
      </nav>

      <section id="typography" className="style-section" aria-labelledby="typography-title">
        <h2 id="typography-title" className="template-section__title">
          {t('templates.style.typography')}
        </h2>
        <dl className="style-type">
          {TYPE_SCALE.map(({ key, className }) => (
            <div key={key} className="style-type__row">
              <dt>
                <code>.{className}</code>
              </dt>
              <dd>
                <div className={className}>{t(`templates.style.type.${key}`)}</div>
              </dd>
            </div>
          ))}
          <div className="style-type__row">
            <dt>{t('templates.style.numbers')}</dt>
            <dd>
              <span className="style-sample__body">
                {formatAmount('162500', i18n.language)} · {formatCount(12500, i18n.language)}
              </span>
            </dd>
          </div>
        </dl>
      </section>

      <section id="colours" className="style-section" aria-labelledby="colours-title">
        <h2 id="colours-title" className="template-section__title">
          {t('templates.style.colours')}
        </h2>
        <ul className="style-colours">
          {COLOURS.map((name) => (
            <li key={name} className="style-colour">
              <span className="style-colour__swatch" style={{ background: `var(${name})` }} aria-hidden />
              <code className="style-colour__name">{name}</code>
              <span className="style-colour__value">{colours[name] || '—'}</span>
            </li>
          ))}
        </ul>
      </section>

      <section id="icons" className="style-section" aria-labelledby="icons-title">
        <h2 id="icons-title" className="template-section__title">
          {t('templates.style.icons')}
        </h2>
        <p className="template-section__note">{t('templates.style.icons_note', { count: ICONS_IN_USE.length })}</p>
        <ul className="style-icons">
          {ICONS_IN_USE.map((name) => (
            <li key={name} className="style-icon" data-icon={name}>
              <i className={`pi pi-${name}`} aria-hidden />
              <code>pi-{name}</code>
            </li>
          ))}
        </ul>
      </section>

      <section id="components" className="style-section" aria-labelledby="components-title">
        <h2 id="components-title" className="template-section__title">
          {t('templates.style.components')}
        </h2>

        <h3 className="style-subtitle">{t('templates.style.buttons')}</h3>
        <div className="style-row">
          <Button type="button" icon="pi pi-plus" label={t('table.add')} />
          <Button type="button" label={t('templates.style.secondary')} severity="secondary" outlined />
          <Button type="button" label={t('templates.style.danger')} severity="danger" />
          <Button type="button" label={t('templates.style.disabled')} disabled />
          <Button type="button" icon="pi pi-refresh" rounded text aria-label={t('table.refresh')} title={t('table.refresh')} />
        </div>

        <h3 className="style-subtitle">{t('templates.style.chips_actions')}</h3>
        <div className="style-row">
          <ActiveChip active />
          <ActiveChip active={false} />
          <EditButton onClick={() => undefined} />
          <ToggleActiveButton active onClick={() => undefined} />
          <ToggleActiveButton active={false} onClick={() => undefined} />
          <FilterButtons onSearch={() => undefined} onClear={() => undefined} />
        </div>

        <h3 className="style-subtitle">{t('templates.style.fields')}</h3>
        <Formik
          initialValues={{ style_name: '', style_count: 3, style_choice: 1, style_switch: true, style_note: '' }}
          onSubmit={() => undefined}
        >
          <div className="style-fields">
            <TextField name="style_name" label={t('templates.style.text_field')} required hint={t('templates.style.hint')} />
            <NumberField name="style_count" label={t('templates.style.number_field')} />
            <SelectField
              name="style_choice"
              label={t('templates.style.select_field')}
              options={[
                { label: 'Podgorica', value: 1 },
                { label: 'Nikšić', value: 2 },
              ]}
            />
            <SwitchField name="style_switch" label={t('templates.style.switch_field')} />
            <TextAreaField name="style_note" label={t('templates.style.text_area')} rows={2} />
          </div>
        </Formik>

        <h3 className="style-subtitle">{t('templates.style.dialogs')}</h3>
        <div className="style-row">
          {DIALOG_WIDTHS.map((width) => (
            <Button key={width} type="button" outlined label={`${width} px`} onClick={() => setDialogWidth(width)} />
          ))}
        </div>
        <FormDialog
          visible={dialogWidth !== null}
          title={t('templates.style.dialog_title', { width: dialogWidth ?? 600 })}
          maxWidth={dialogWidth ?? 600}
          initialValues={{ style_dialog_name: '' }}
          validationSchema={dialogSchema}
          onSubmit={async () => setDialogWidth(null)}
          onHide={() => setDialogWidth(null)}
        >
          <TextField name="style_dialog_name" label={t('templates.style.text_field')} required autoFocus />
        </FormDialog>

        <h3 className="style-subtitle">{t('templates.style.list')}</h3>
        <p className="template-section__note">{t('templates.style.list_note')}</p>
        <div className="style-list">
          <ListPage<SampleRow>
            title="templates.style.sample_list"
            columns={columns}
            defaultSort={{ field: 'name', order: 'asc' }}
            useList={useSampleList}
            useToggle={useSampleToggle}
            rowLabel={(row) => row.name}
          />
        </div>
      </section>
    </section>
  );
}
