// The answers are the shared schemas of @market/domain/api/account (the web client parses with them).
export { PreferencesOut } from '@market/domain/api/account';
