import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { dialogClosed, selectDialog } from './dialogSlice';
import { translateServerMessage } from './errorKey';

/** Renders the one error/info dialog that the API layer opens (spec §8). */
export function ErrorDialogHost() {
  const content = useSelector(selectDialog);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();

  const close = () => {
    const wasSession = content?.kind === 'session';
    dispatch(dialogClosed());
    if (wasSession) navigate('/login', { replace: true });
  };

  const lines = content?.serverMessages?.map((m) => translateServerMessage(i18n, m)) ?? [];
  const icon = content?.kind === 'error' ? 'pi pi-times-circle' : 'pi pi-info-circle';

  return (
    <Dialog
      visible={content !== null}
      onHide={close}
      header={content ? t(content.titleKey) : ''}
      modal
      draggable={false}
      resizable={false}
      closeOnEscape
      style={{ width: '28rem' }}
      breakpoints={{ '500px': '92vw' }}
      className={`app-dialog app-dialog--${content?.kind ?? 'error'}`}
      footer={<Button label={t('dialog.ok')} icon="pi pi-check" onClick={close} autoFocus />}
    >
      {content && (content.messageKey || lines.length > 0) && (
        <div className="app-dialog__body">
          <i className={`${icon} app-dialog__icon`} aria-hidden />
          <div>
            {content.messageKey && <p className="app-dialog__text">{t(content.messageKey)}</p>}
            {lines.length === 1 && <p className="app-dialog__text">{lines[0]}</p>}
            {lines.length > 1 && (
              <ul className="app-dialog__list">
                {lines.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
