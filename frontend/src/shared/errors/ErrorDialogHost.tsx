import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { restoreFocus } from '../form/dialogFocus';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';
import { dialogClosed, selectDialog } from './dialogSlice';
import { translateServerMessage } from './errorKey';

/** A text that ends as a sentence: the spec's 435 text has no full stop, and a reason follows it. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?…:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Renders the one error/info dialog that the API layer opens (spec §8). When it closes, focus
 * goes back where it was, or into the dialog it opened over (a form whose save failed), so the
 * keyboard stays in that dialog.
 */
export function ErrorDialogHost() {
  const content = useSelector(selectDialog);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const open = content !== null;
  // The last element focused outside this dialog, and the one to return to when it closes.
  const lastFocused = useRef<Element | null>(null);
  const returnTo = useRef<Element | null>(null);
  const leavingForLogin = useRef(false);
  const leftForAction = useRef(false);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof Element && !target.closest('.app-dialog')) lastFocused.current = target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  useEffect(() => {
    if (!open) return;
    // A save button disabled while saving drops focus to the page: then the last focused element.
    const active = document.activeElement;
    returnTo.current = active && active !== document.body && !active.closest('.app-dialog') ? active : lastFocused.current;
  }, [open]);

  const close = () => {
    const wasSession = content?.kind === 'session';
    leavingForLogin.current = wasSession;
    leftForAction.current = false;
    dispatch(dialogClosed());
    // The route guard has usually gone to /login already, remembering the page; else go from here.
    if (wasSession && location.pathname !== '/login') navigate('/login', { replace: true, state: { from: location } });
  };

  const followAction = (to: string) => {
    leavingForLogin.current = false;
    leftForAction.current = true;
    dispatch(dialogClosed());
    navigate(to);
  };

  const afterClosed = () => {
    if (!leavingForLogin.current && !leftForAction.current) restoreFocus(returnTo.current);
    leftForAction.current = false;
    returnTo.current = null;
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
      style={dialogStyle(DIALOG_WIDTH.notice)}
      // PrimeReact's own timing for a centred dialog, plus a hook after it has gone.
      transitionOptions={{ timeout: { enter: 150, exit: 150 }, onExited: afterClosed }}
      className={`app-dialog app-dialog--${content?.kind ?? 'error'}`}
      footer={
        <>
          {content?.action && (
            <Button
              label={t(content.action.labelKey)}
              icon="pi pi-send"
              outlined
              onClick={() => followAction(content.action!.to)}
            />
          )}
          <Button label={t('dialog.ok')} icon="pi pi-check" onClick={close} autoFocus />
        </>
      }
    >
      {content && (content.messageKey || lines.length > 0) && (
        <div className="app-dialog__body">
          <i className={`${icon} app-dialog__icon`} aria-hidden />
          <div>
            {content.messageKey && (
              <p className="app-dialog__text">
                {lines.length > 0 ? asSentence(t(content.messageKey)) : t(content.messageKey)}
              </p>
            )}
            {/* A space between the sentences, so what is read out or copied does not run them together. */}
            {content.messageKey && lines.length > 0 && ' '}
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
