/** A row of GET /api/customerSupport: a partner's suggestion or complaint. */
export interface SupportMessage {
  id: number;
  type_id: number;
  type_name: string;
  message_content: string;
  partner_id: number;
  partner_name: string;
  is_active: boolean;
  created_at: string;
}
