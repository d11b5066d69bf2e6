import type { CSSProperties } from 'react';

/**
 * The dialog widths of spec §9: 400 (notices, confirmations), 600 (add/edit), 800 (sliders),
 * 900 (wide forms and details) and 1600 px (wide tables). Every dialog takes one of these.
 */
export const DIALOG_WIDTH = {
  notice: 400,
  form: 600,
  slider: 800,
  wide: 900,
  table: 1600,
} as const;

export type DialogWidth = (typeof DIALOG_WIDTH)[keyof typeof DIALOG_WIDTH];

/** A dialog's style: its width from the set, never wider than the screen less a small margin (375 px phones too). */
export function dialogStyle(width: DialogWidth): CSSProperties {
  return { width: `${width}px`, maxWidth: 'calc(100vw - 1rem)' };
}
