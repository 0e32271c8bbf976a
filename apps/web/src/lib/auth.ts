import { storageKeys, userInfo as userInfoSchema, type AdminUser, type CredentialView, type UserInfo } from '@makerdesk/contract';
import { clearStoredData } from './browser-storage';
import { clearCurrentPair } from './current-pair';
import { jsonCodec } from './json-codec';
import { storedValue, textCodec, useStoredValue } from './stored-value';

/** Raised on window whenever the session ends, so caches holding the account's data can drop it. */
export const SIGNED_OUT_EVENT = 'makerdesk:signed-out';

const token = storedValue<string | null>(storageKeys.token, textCodec, null);
const userInfo = storedValue<UserInfo | null>(storageKeys.userInfo, jsonCodec(userInfoSchema), null);

export function readToken(): string | null {
  return token.get();
}

export function signIn(newToken: string, info: UserInfo): void {
  userInfo.set(info);
  token.set(newToken);
}

/** Keeps the stored user info in step with the server's view of the account. */
export function replaceStoredAdmin(admin: AdminUser): void {
  const current = userInfo.get();
  if (current) userInfo.set({ ...current, admin });
}

/** The account's exchange keys (masked) as the login reply gave them, until the server's list replaces them. */
export function readStoredApiKeys(): CredentialView[] | undefined {
  return userInfo.get()?.apiKey;
}

/** Keeps the stored user info's key list in step after an import or an edit. */
export function replaceStoredApiKeys(apiKey: CredentialView[]): void {
  const current = userInfo.get();
  if (current) userInfo.set({ ...current, apiKey });
}

/** A 401 or a suspension (spec §4): the token, the current pair and the user info go; preferences stay. */
export function endSession(): void {
  token.clear();
  userInfo.clear();
  clearCurrentPair();
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
}

/** An explicit logout clears every stored item but the theme and language. */
export function endSessionAndClearData(): void {
  clearStoredData();
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
}

export interface AuthState {
  signedIn: boolean;
  admin: AdminUser | null;
}

export function useAuth(): AuthState {
  const currentToken = useStoredValue(token);
  const info = useStoredValue(userInfo);
  const admin = currentToken && info ? info.admin : null;
  return { signedIn: admin !== null, admin };
}
