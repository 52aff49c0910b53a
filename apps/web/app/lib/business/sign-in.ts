// The business centre as the shared sign-in steps name it (components/console/sign-in-steps.tsx).
import type { SignInProduct } from '../../components/console/sign-in-steps.tsx';

export const BUSINESS_CENTRE: SignInProduct = {
  name: 'Business centre',
  signInHeading: 'Sign in to the business centre',
  loginPath: '/business/centre/login',
  whyAuthenticator: 'Owners and managers of a business confirm each sign-in with a code from an authenticator app.',
  recoveryTitle: 'LocalSaver business centre recovery codes',
  invitationIntro: 'Tell us your name and choose a password. If this e-mail address already has a LocalSaver account, enter its password instead. Owners and managers set up an authenticator app when they first sign in.',
};
