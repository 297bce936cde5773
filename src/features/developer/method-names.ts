import { METHOD_NAMES, type MethodName } from '../../api/registry';

/** A name api_methodlist gave that this dashboard's registry knows, so it can build and sign its request. */
export function isMethodName(name: string): name is MethodName {
  return (METHOD_NAMES as readonly string[]).includes(name);
}
