/** The signed-in account a request acts for, as resolved from its access token. */
export interface AuthAccount {
  id: string;
  accountStatus: 'verifying' | 'active' | 'disabled';
  email: string | null;
  phone: string | null;
  username: string | null;
  /** The id of the access token, so logout can revoke exactly this one. */
  tokenId: string;
}
