/** Finding a site in a list by the name a URL or a person gives. */
import type { Site } from '../api/schemas';

/** Whether `name` is the site's UTF-8 name or its punycode host, as a URL or a person writes it (any case). */
function isSiteNamed(site: Pick<Site, 'domain' | 'host'>, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return site.domain.toLowerCase() === wanted || site.host.toLowerCase() === wanted;
}

/** A site by its UTF-8 name or its punycode host, as a URL or a person writes it (any case). */
export function findSite(sites: readonly Site[], name: string): Site | undefined {
  return sites.find((s) => isSiteNamed(s, name));
}
