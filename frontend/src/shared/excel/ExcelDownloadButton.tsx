import { Button } from 'primereact/button';
import { saveObjectUrl } from '../api/download';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';

interface ExcelDownloadButtonProps {
  /** The button's text (its icon alone on a phone, the text kept as its accessible name). */
  label: string;
  /** The file the download is saved as. */
  fileName: string;
  /** Asks the server for the file and answers an object URL of it (an RTK mutation's unwrap). */
  download: () => Promise<string>;
  loading: boolean;
}

/** A toolbar's Excel download (spec §2): the file the server streams, saved under fileName. */
export function ExcelDownloadButton({ label, fileName, download, loading }: ExcelDownloadButtonProps) {
  const narrow = useMediaQuery(MOBILE_QUERY);
  const onDownload = async () => {
    try {
      saveObjectUrl(await download(), fileName);
    } catch {
      // The error dialog shows why the download failed (spec §8).
    }
  };
  return (
    <Button
      type="button"
      icon="pi pi-download"
      label={narrow ? undefined : label}
      aria-label={label}
      title={label}
      outlined
      severity="success"
      loading={loading}
      onClick={() => {
        void onDownload();
      }}
    />
  );
}
