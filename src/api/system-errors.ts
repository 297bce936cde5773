/**
 * System-wide error codes (docs/partner-api.md#system-errors) and how a raw method reports them as HTTP
 * statuses (docs/partner-api.md#syncfile_get-errors: syncfile_get "reports errors as HTTP status codes 4XX and
 * above"; the statuses are not shown, so these are ours). The one map for the
 * sandbox's raw answers, the proxy's and the error catalogue's reading of them.
 */
export const SYSTEM_ERRORS = {
  500: 'Service is temporarily unavailable',
  501: 'Internal system error',
  502: 'Authorization error',
  503: 'Invalid request format',
  504: 'Method not implemented or not supported',
  505: 'A higher level of access is required',
} as const;
export type SystemErrorCode = keyof typeof SYSTEM_ERRORS;

export const SYSTEM_CODES = [500, 501, 502, 503, 504, 505] as const satisfies readonly SystemErrorCode[];

export function isSystemErrorCode(code: number): code is SystemErrorCode {
  return Object.hasOwn(SYSTEM_ERRORS, code);
}

/** The HTTP status a raw method answers for each system code. */
export const RAW_ERROR_STATUS: Readonly<Record<SystemErrorCode, number>> = {
  500: 503,
  501: 500,
  502: 401,
  503: 400,
  504: 404,
  505: 403,
};

/**
 * The status a proxy answers for a raw method when the service behind it cannot
 * be reached or fails (HTTP's "bad gateway"); read back as 500, "temporarily
 * unavailable".
 */
export const GATEWAY_STATUS = 502;

/** The system code a raw method's HTTP status stands for, when it stands for one. */
export function systemCodeOfStatus(status: number): SystemErrorCode | undefined {
  if (status === GATEWAY_STATUS) return 500;
  return SYSTEM_CODES.find((code) => RAW_ERROR_STATUS[code] === status);
}
