/** The developer console's sections, in order; the route keeps the chosen one in the URL (?tab=). */
export const DEVELOPER_TABS = ['methods', 'account', 'playground', 'request', 'errors'] as const;
export type DeveloperTab = (typeof DEVELOPER_TABS)[number];
