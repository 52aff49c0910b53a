// Answers of the auth calls: the shared schemas of @market/domain/api/auth (the request bodies are
// the shared schemas of @market/domain/validation, so the web forms validate exactly like the API).
export { DetailOut, ErrorOut, LoginOut, UserInfoOut, UserOut } from '@market/domain/api/auth';
export { LoginAnswerOut, MfaConfirmOut, SessionOut, TotpSetupOut } from '@market/domain/api/staff';
