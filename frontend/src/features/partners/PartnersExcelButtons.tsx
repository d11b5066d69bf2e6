import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { saveObjectUrl } from '../../shared/api/download';
import type { ListParams } from '../../shared/api/list';
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

  const onDownload = async () => {
    try {
      saveObjectUrl(await download(params).unwrap(), EXCEL_FILE_NAME);
    } catch {
      // The error dialog shows why the download failed (spec §8).
    }
  };

  return (
    <>
      <Button
        type="button"
        icon="pi pi-download"
        label={narrow ? undefined : t('partners.excel_download')}
        aria-label={t('partners.excel_download')}
        title={t('partners.excel_download')}
        outlined
        severity="success"
        loading={isLoading}
        onClick={() => {
          void onDownload();
        }}
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
