/** A signed-in session of an account (GET /api/sessions, GET /api/users/{id}/sessions). */
export interface Session {
  id: number | string;
  created_at: string;
  last_used_at: string;
  address: string;
  user_agent: string;
  /** The session of this very browser (own list only). */
  current: boolean;
}
