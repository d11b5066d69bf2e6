import { useTranslation } from 'react-i18next';
import { ExcelUploadDialog as UploadDialog } from '../../shared/excel/ExcelUploadDialog';
import { usePreviewPartnersImportMutation, useSavePartnersImportMutation } from './api';

interface ExcelUploadDialogProps {
  visible: boolean;
  onHide: () => void;
}

/** Spec §2 "Partners" Excel upload: the shared upload dialog on the partners' import. */
export function ExcelUploadDialog({ visible, onHide }: ExcelUploadDialogProps) {
  const { t, i18n } = useTranslation();
  const [preview] = usePreviewPartnersImportMutation();
  const [save] = useSavePartnersImportMutation();
  return (
    <UploadDialog
      visible={visible}
      onHide={onHide}
      preview={(file) => preview(file).unwrap()}
      save={(file) => save(file).unwrap()}
      columnLabel={(column) => (i18n.exists(`partners.${column}`) ? t(`partners.${column}`) : undefined)}
    />
  );
}
