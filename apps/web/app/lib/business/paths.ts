// The business centre's own addresses (pages and server modules alike).
export const CENTRE_HOME = '/business/centre';
export const CENTRE_LOGIN = '/business/centre/login';
