/**
 * Limits the spec leaves open (docs/partner-api.md#limits: "Maximum request body size and maximum
 * sites per sites_add call: not shown"), chosen once for the sandbox, the proxy
 * and the dashboard alike.
 */

/** The largest request body: 2 MiB, enough for 10,000 sites in one sites_add. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * The most entries one sites_add call may carry. The dashboard sends far fewer
 * per call (a few hundred), so one call never holds the service for long.
 */
export const MAX_SITES_PER_ADD = 10_000;
