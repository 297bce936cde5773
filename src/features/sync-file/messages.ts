/** The words of the synchronization file page (docs/partner-api.md#syncfile_get). */
import { count, i18n, params } from '../../i18n/i18n';

export const syncFileMessages = /* @__PURE__ */ i18n('syncFile', {
  pageTitle: 'Sync file',
  intro:
    'The synchronization file connects your sites to the security service: scans and the firewall reach a site through it. Every site needs a copy in its root folder.',
  // The file.
  fileHeading: 'Your synchronization file',
  fileNameLabel: 'File name',
  fileNameNote:
    'Upload it under exactly this name: do not rename it, and do not let your computer add “(1)” or “.txt”.',
  loadingFile: 'Getting your file from the service…',
  fileFailed: 'Your synchronization file could not be fetched',
  download: 'Download the file',
  downloading: 'Downloading…',
  downloaded: params('{filename} downloaded.'),
  copyName: 'Copy the name',
  copied: 'Name copied',
  // The guide.
  guideHeading: 'Install it on a site',
  step1Title: 'Download the file',
  step1Text: 'Use the button above. The file is the same for all your sites and works only with your account.',
  step2Title: 'Find the site’s root folder',
  step2Text: 'The root folder is the one the site’s home page is served from. Where it is depends on the hosting:',
  rootCpanel: 'cPanel: {folder} (for an addon domain or a subdomain, the document root shown under Domains)',
  rootPlesk: 'Plesk: {folder} in the domain’s folder',
  rootWordpress: 'WordPress: the folder that holds {file} (next to wp-admin and wp-content)',
  rootServer: 'Your own server: the site’s DocumentRoot (Apache) or root (nginx), often {folder} or {folder2}',
  step3Title: 'Upload it',
  uploadFtp:
    'By FTP or SFTP: in a client such as FileZilla, WinSCP or Cyberduck, connect with your hosting’s FTP or SFTP details, open the root folder and upload the file.',
  uploadFileManager:
    'With your hoster’s file manager: in cPanel’s File Manager or Plesk’s Files, open the root folder, choose Upload and pick the file.',
  uploadShell: 'From a shell: {command}',
  uploadRules: 'Put it in the root folder itself, not in a subfolder, and keep its name. Repeat for every site.',
  step4Title: 'Check that it can be reached',
  step4Text:
    'Open {url} in a browser. You should not see PHP code: a blank page or a short reply means PHP runs the file. If the PHP code shows as text, PHP is not enabled for the site (ask your hoster). If your hoster’s “Not found” page appears, the file is not in the root folder or its name differs.',
  siteLabel: 'Your site',
  siteHint: 'A domain name, e.g. example.com',
  siteInvalid: 'Enter a domain name, like example.com.',
  openCheck: params('Open {url}'),
  step5Title: 'Scan the site',
  step5Text:
    'Start a scan of the site on the Sites page. A scan that starts means the service reaches the file; “This site cannot be scanned yet” means it does not, yet.',
  goToSites: 'Go to the Sites page',
  // Sites that miss the file.
  healthHeading: 'Sites that miss the file',
  healthText:
    'The service says that a site misses the file only when a scan is asked for (error 146901, “not available for this site”). Listed here: the sites whose last scan through this dashboard, by anyone on the account, was refused for it. Re-check a site once the file is uploaded: a scan that starts means the file is in place.',
  healthNone: 'No site is known to miss the file.',
  healthLoading: 'Reading which sites the team found missing the file…',
  healthNoneNever: 'Sites never scanned may still miss it: a scan finds out.',
  healthListLabel: 'Sites that miss the file',
  probableHeading: 'Sites that probably miss the file',
  probableText:
    'Their scheduled scans have stopped: none has reported for longer than the scan interval and a day. The service does not say why a scheduled scan did not run; a missing file is the usual cause. Re-check a site: a scan that starts means the file is in place.',
  noScanSince: params('No scheduled scan since {date}'),
  refusedAt: params('Refused {date}'),
  recheck: 'Re-check',
  recheckSite: params('Re-check {domain}'),
  recheckAll: count({ one: 'Re-check the {count} site', other: 'Re-check all {count} sites' }),
  checkNever: count({ one: 'Scan the {count} site never scanned', other: 'Scan the {count} sites never scanned' }),
  checkNeverHint: 'A scan of a site that misses the file is refused, and the site is listed here.',
  cancel: 'Stop',
  checking: 'Checking…',
  inPlace: 'File in place, scan running',
  inPlaceDone: 'File in place, scanned',
  stillMissing: 'Still missing',
  checkFailed: params('Not checked: {message}'),
  progress: params('Checked {done} of {total}'),
  summary: params('In place: {found}. Still missing: {missing}. Not checked: {failed}.'),
  openSite: params('Open {domain}'),
  // Long lists (a large fleet): a box to find a site, the first ones drawn.
  findLabel: 'Find a site in these lists',
  findPlaceholder: 'Part of a domain',
  listShowing: params('The first {shown} of {total}: type part of a domain above to find the others.'),
  listMatches: count({ one: '{count} site matches.', other: '{count} sites match.' }),
  listNoMatch: params('No site in these lists contains “{text}”.'),
  // A bulk re-check first asks the dashboard's server for every site of its list.
  bulkReading: 'Reading which sites to check…',
  bulkFailed: params('The sites to check could not be read: {message} Nothing was checked; try again.'),
});

export type SyncFileMessages = ReturnType<typeof syncFileMessages.get>;
