/** docs/partner-api.md#syncfile_get: the synchronization file, raw. */
import { requireUser, type Call } from '../call.ts';
import { RawResult } from '../errors.ts';

/** docs/partner-api.md#syncfile_get: raw PHP, the name in X-Filename and Content-Disposition. */
export function syncfileGet(call: Call<'syncfile_get'>) {
  const user = requireUser(call);
  return new RawResult(syncfileContent(user.syncfile_name, user.syncfile_token), {
    'Content-Type': 'application/x-httpd-php; charset=utf-8',
    'X-Filename': user.syncfile_name,
    'Content-Disposition': `attachment; filename="${user.syncfile_name}"`,
  });
}

export function syncfileContent(filename: string, token: string): string {
  return `<?php
/**
 * Site Security synchronization file (sandbox).
 * Upload this file to the root of each site as ${filename}.
 * It lets the scanner and the firewall reach the site. Do not rename it.
 */
define('SSS_SYNC_TOKEN', '${token}');
define('SSS_SYNC_VERSION', '1.0');

if (!isset($_GET['sss_ping'])) {
    http_response_code(404);
    exit;
}
header('Content-Type: application/json');
echo json_encode(array('ok' => true, 'version' => SSS_SYNC_VERSION));
`;
}
