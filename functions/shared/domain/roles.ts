/** The roles a credential carries. Anonymous callers have none. */
export type Role = 'admin' | 'service';
