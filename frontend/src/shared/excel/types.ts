/** One problem of an imported row: the row number, the header of its column ('' for the whole row). */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

/** What a spreadsheet import did or would do (the preview): the partners' and the campaign partners' uploads. */
export interface ImportResult {
  added: number;
  updated: number;
  /** Rows equal to what is stored: nothing written (both uploads, ADR 0027). */
  unchanged?: number;
  /** The same count under the campaign upload's older name. */
  skipped?: number;
  rejected: number;
  /** At most 1000 problems are listed; this counts the rest. */
  more_problems?: number;
  problems: ImportProblem[];
}
