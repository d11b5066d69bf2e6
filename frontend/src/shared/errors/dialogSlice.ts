import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the one error dialog shows; keys are translated when rendered so a language switch applies. */
export interface DialogContent {
  kind: 'error' | 'info' | 'session';
  titleKey: string;
  messageKey?: string;
  /** Server sentences, translated by the error-key rule when shown. */
  serverMessages?: string[];
  /** A second button that closes the dialog and opens a page, e.g. a notification's delivery view. */
  action?: { labelKey: string; to: string };
}

export interface DialogState {
  current: DialogContent | null;
}

const initialState: DialogState = { current: null };

export const dialogSlice = createSlice({
  name: 'dialog',
  initialState,
  reducers: {
    dialogShown(state, action: PayloadAction<DialogContent>) {
      // The session-expired notice stays until acknowledged: later failures are its consequence.
      if (state.current?.kind === 'session') return;
      state.current = action.payload;
    },
    dialogClosed(state) {
      state.current = null;
    },
  },
});

export const { dialogShown, dialogClosed } = dialogSlice.actions;

export const selectDialog = (state: { dialog: DialogState }): DialogContent | null => state.dialog.current;
