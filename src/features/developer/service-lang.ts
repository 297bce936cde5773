/**
 * The service writes its method descriptions and error messages in English:
 * on a page in another language they are marked so (`lang`), for screen
 * readers and for the "no English left" check (e2e/german.spec.ts).
 */
export const SERVICE_LANG = 'en';
