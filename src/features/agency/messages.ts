/** The words of the agency profile page (docs/partner-api.md#agency-record, docs/partner-api.md#agency-methods). */
import { i18n, params } from '../../i18n/i18n';

export const agencyMessages = /* @__PURE__ */ i18n('agency', {
  pageTitle: 'Agency',
  intro: 'Your agency profile: the name and logo your customers see, your contact and your bank details.',
  noAgency:
    'You have no agency profile yet. Sharing sites with your customers (units) needs one: fill in at least the agency name and contact e-mail, then create it.',
  required: 'Required',
  // Groups.
  agencyGroup: 'The agency',
  addressGroup: 'Address',
  billingGroup: 'Billing',
  billingHint: 'Where payouts go and invoices are sent. All optional.',
  // Fields (docs/partner-api.md#agency-record).
  title: 'Agency name',
  titleHint: 'Shown in this dashboard’s header and on client reports.',
  email: 'Contact e-mail',
  phone: 'Phone',
  website: 'Website',
  websiteHint: 'Any form, e.g. northwind.example',
  logourl: 'Logo URL',
  logourlHint: 'The address of an image, beginning with https://',
  address: 'Address',
  zipcode: 'Postal code',
  country: 'Country',
  bank_currency: 'Currency',
  bank_swift: 'SWIFT/BIC',
  bank_swiftHint: '8 or 11 letters and digits, e.g. DEUTDEFF or DEUTDEFF500',
  bank_account: 'Account number or IBAN',
  bank_routing: 'Routing number',
  bank_routingHint: 'A routing or sort code, where your bank uses one',
  bank_country: 'Bank country',
  bank_invoicemail: 'Invoice e-mail',
  bank_invoicemailHint: 'Where invoices go, when not to the contact e-mail',
  // Checks.
  titleRequired: 'Enter the agency name.',
  titleInvalid: 'The agency name must be one line of at most 200 characters.',
  emailRequired: 'Enter a contact e-mail address.',
  emailInvalid: 'Enter a valid e-mail address, like office@example.com.',
  invoiceEmailInvalid: 'Enter a valid e-mail address for invoices, or leave it empty.',
  logoUrlInvalid: 'Enter an address beginning with http:// or https://, without spaces.',
  logoUrlNotValid: 'This is not a valid web address. Copy the image’s address from your browser.',
  logoUrlHttps: 'The logo’s address must begin with https://: an image over http:// is blocked on these pages.',
  websiteInvalid: 'Enter your website’s address, like northwind.example or https://northwind.example.',
  phoneInvalid: 'Enter a phone number with digits, like +41 44 123 45 67.',
  currencyInvalid: 'Choose a currency from the list.',
  countryNotInList: 'Choose a country from the list.',
  swiftFormat:
    'A SWIFT/BIC has 8 or 11 letters and digits: 4 for the bank, 2 for the country, 2 for the location, and 3 for a branch.',
  swiftCountry: 'Letters 5 and 6 of a SWIFT/BIC are a country code, like DE or US.',
  ibanFormat: params(
    'An IBAN has 15 to 34 letters and digits (this one has {count}): copy it from a bank statement. An account number of another kind can be entered as your bank writes it.',
  ),
  ibanCheck:
    'The check digits of this IBAN do not match the rest: a character is probably mistyped. Copy it from a bank statement.',
  tooLong: params('At most {max} characters.'),
  valueInvalid: 'This value is not accepted.',
  requiredByService: 'The service requires this field.',
  // The country list.
  searchCountries: 'Type to search',
  countries: params('{field}: countries'),
  noCountryMatches: 'No country matches. Type a country’s name or its two-letter code.',
  keptName: params('{name} (as saved)'),
  // Currencies.
  noCurrency: 'No currency',
  currencyOption: params('{code} · {name}'),
  // Logo.
  logoPreview: 'Logo preview',
  logoNone: 'No logo: the header shows a shield instead.',
  logoLoading: 'Loading the image…',
  logoShown: 'This is how the logo appears in the header.',
  logoBroken: 'The image could not be loaded from this address. Until it can, the header shows a shield instead.',
  logoInsecure:
    'This dashboard shows images only over https:// (its security policy blocks plain http://). Use the https:// address of the image.',
  // Saving.
  create: 'Create agency profile',
  save: 'Save changes',
  saving: 'Saving…',
  discard: 'Discard changes',
  created: 'Agency profile created',
  saved: 'Changes saved',
  notSaved: 'The agency profile was not saved',
  serviceRefused: 'The service did not accept some values',
  serviceRefusedNext: 'Correct the fields marked below and save again. Everything you entered is still here.',
  // Deleting.
  delete: 'Delete agency profile',
  deleteTitle: 'Delete the agency profile?',
  deleteDescription:
    'Your agency’s name and logo leave this dashboard’s header and your client reports, and sites can no longer be shared with your customers (units) until you create a profile again. Your sites stay in your account.',
  deleted: 'Agency profile deleted',
  deleteFailed: 'The agency profile was not deleted',
  // Leaving with unsaved changes.
  leaveTitle: 'Leave without saving?',
  leaveDescription: 'Your changes to the agency profile are not saved yet. If you leave now, they are lost.',
  leave: 'Leave without saving',
  stay: 'Stay and keep editing',
});

export type AgencyMessages = ReturnType<typeof agencyMessages.get>;
