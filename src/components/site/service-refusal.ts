/**
 * A site the service refused inside a successful sites_add (docs/partner-api.md#error-rules rule 4:
 * errors per site in the result, their text not specified): shown as the
 * service wrote it.
 */
export class ServiceRefusal extends Error {
  override name = 'ServiceRefusal';
}
