import * as z from 'zod/mini';

/**
 * Search params a route validates (`validateSearch: searchSchema({...})`):
 * each one falls back on its own when missing or malformed, so a bad or old
 * URL never crashes a page, it only loses the bad part. The URL is the state
 * for anything bookmarkable (docs/architecture.md#the-url-is-the-state); this is its one gate.
 *
 *   searchSchema({
 *     q: searchParam(z.string().check(z.maxLength(200)), ''),
 *     period: searchParam(z.enum(['any', 'day', 'week', 'month']), 'any'),
 *   })
 */
export function searchParam<S extends z.ZodMiniType>(schema: S, fallback: z.output<S>) {
  // Optional on the way in (a link may leave any param out: it gets its
  // fallback), typed as the schema takes it; always there on the way out.
  return z.pipe(z.optional(z.custom<z.input<S>>()), z.catch(schema, fallback));
}

/** The route's search schema: known params, each with its fallback; unknown ones are dropped. */
export function searchSchema<Shape extends Record<string, z.ZodMiniType>>(shape: Shape) {
  return z.object(shape);
}
