import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../shared/api/list';
import { ExcelDownloadButton } from '../../shared/excel/ExcelDownloadButton';
import { MOBILE_QUERY, useMediaQuery } from '../../shared/ui/useMediaQuery';
import { useDownloadPartnersExcelMutation } from './api';

export const EXCEL_FILE_NAME = 'Partners.xlsx';

interface PartnersExcelButtonsProps {
  /** The list's current query: the download exports what the filters and sort select. */
  params: ListParams;
  onUpload: () => void;
  /** false hides the upload: the role may only read partners (ADR 0029). */
  canWrite?: boolean;
}

/** The partners toolbar's Excel download and upload buttons (spec §2 "Partners"). */
export function PartnersExcelButtons({ params, onUpload, canWrite = true }: PartnersExcelButtonsProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(MOBILE_QUERY);
  const [download, { isLoading }] = useDownloadPartnersExcelMutation();

  return (
    <>
      <ExcelDownloadButton
        label={t('partners.excel_download')}
        fileName={EXCEL_FILE_NAME}
        download={() => download(params).unwrap()}
        loading={isLoading}
      />
      {canWrite && (
      <Button
        type="button"
        icon="pi pi-upload"
        label={narrow ? undefined : t('partners.excel_upload')}
        aria-label={t('partners.excel_upload')}
        title={t('partners.excel_upload')}
        outlined
        severity="success"
        onClick={onUpload}
      />
      )}
    </>
  );
}
