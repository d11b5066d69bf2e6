/** The home page's figures (issue 25). Amounts are exact decimal strings, never numbers. */

export interface CampaignFigures {
  id: number;
  name: string;
  partners: number;
  granted: string;
  spent: string;
  remaining: string;
}

export interface BurndownDay {
  day: string; // YYYY-MM-DD
  spent: string;
  remaining: string;
}

export interface Burndown extends CampaignFigures {
  days: BurndownDay[];
}

export interface FailureReason {
  reason: string;
  count: number;
}

export interface PushWeek {
  since: string;
  /** The notifications list with id >= from_id holds exactly the week's notifications; 0: none. */
  from_id: number;
  notifications: number;
  devices: number;
  delivered: number;
  failed: number;
  pending: number;
  not_configured: number;
  reasons: FailureReason[];
}

export interface DebtRise {
  id: number;
  name: string;
  then: string;
  now: string;
  /** Percent; null for a debt that rose from zero. */
  rise: string | null;
}

export interface DebtRisePage {
  items: DebtRise[];
  total: number;
  threshold: string;
}

export interface DebtRiseParams {
  since: string;
  page: number;
  per_page: number;
}

export interface Threshold {
  threshold: string;
  version: number;
}

export interface SupportType {
  id: number;
  name: string;
  open: number;
}
