import { describe, expect, it } from 'vitest';
import { ApiError, TransportError, WorkspaceError } from '../api/errors';
import { METHOD_ERRORS } from '../api/registry';
import { SYSTEM_CODES } from '../api/system-errors';
import { errorMessages } from './error-messages';
import { describeWith, errorText, loadSignedInErrorTexts } from './error-text';
import { methodErrorMessages } from './method-error-messages';

const en = { ...errorMessages.get(), ...methodErrorMessages.get() };
// errorText() reads the loaded texts as the signed-in pages do.
await loadSignedInErrorTexts();
const apiError = (code: number, retryAfter?: number) =>
  new ApiError({ method: 'x', code, message: `service text ${code}`, errorinfo: '', retryAfter });
const generic = describeWith(en, apiError(146999));

describe('error texts', () => {
  it.each([...SYSTEM_CODES, ...METHOD_ERRORS.map((e) => e.code)])(
    'code %i has its own title, message and next step',
    (code) => {
      const d = describeWith(en, apiError(code));
      expect(d.code).toBe(code);
      for (const text of [d.title, d.message, d.next]) expect(text.trim()).not.toBe('');
      expect(d.title).not.toBe(generic.title);
      expect(d.message).not.toContain('service text');
    },
  );

  it('shared meanings are written once; a name that means something else for one method has its own', () => {
    expect(describeWith(en, apiError(143900))).toMatchObject({ title: 'The change was not saved' });
    expect(describeWith(en, apiError(121900)).title).toBe(describeWith(en, apiError(143900)).title);
    expect(describeWith(en, apiError(113900)).title).toBe('The key could not be signed out');
    expect(describeWith(en, apiError(123900)).next).toBe('Fill in the agency form to create one.');
    expect(describeWith(en, apiError(122901)).message).toBe('There is no agency profile to delete.');
  });

  it('a rate limit reads as a wait with its time, not as the service being down', () => {
    const d = describeWith(en, apiError(500, 840));
    expect(d).toMatchObject({
      kind: 'rateLimited',
      title: 'Too many attempts',
      next: 'Wait 14 minutes, then try again.',
      unavailable: false,
      sessionEnded: false,
      retryAfter: 840,
    });
    expect(describeWith(en, apiError(500, 60)).next).toBe('Wait 1 minute, then try again.');
    expect(describeWith(en, apiError(500, 61)).next).toBe('Wait 2 minutes, then try again.');
    expect(describeWith(en, apiError(500, 30)).next).toBe('Wait 30 seconds, then try again.');
    expect(describeWith(en, apiError(500)).title).toBe('Service temporarily unavailable');
  });

  it('an unknown code shows the code and the service’s words', () => {
    expect(generic).toMatchObject({
      title: 'Unexpected error (code 146999)',
      message: 'service text 146999',
      next: 'Try again. If it keeps happening, contact support and quote code 146999.',
    });
    expect(describeWith(en, new ApiError({ method: 'x', code: 7, message: '' })).message).toBe(
      'The service reported an error this dashboard does not know.',
    );
  });

  it('transport failures read as service unavailable, with retry; refusals keep the service’s words', () => {
    const down = describeWith(en, new TransportError({ method: 'sites_list', kind: 'timeout', message: 'x' }));
    expect(down).toMatchObject({ title: 'Service unavailable', unavailable: true, code: undefined });
    expect(down.next).toMatch(/retry/i);
    const refused = describeWith(
      en,
      new TransportError({ method: 'syncfile_get', kind: 'http', status: 409, message: 'File busy' }),
    );
    expect(refused).toMatchObject({ title: 'The request was refused', message: 'File busy' });
    const session = describeWith(
      en,
      new TransportError({ method: 'syncfile_get', kind: 'http', status: 401, message: 'x' }),
    );
    expect(session).toMatchObject({ code: 502, sessionEnded: true, title: 'Your session has ended' });
  });

  it('the dashboard’s own server out of reach or failing reads as such, with retry', () => {
    for (const [error, message] of [
      [new WorkspaceError(0, 'network', 'x'), /could not reach its own server/],
      [new WorkspaceError(500, 'workspace-failed', 'x'), /own server could not answer/],
    ] as const) {
      const d = describeWith(en, error);
      expect(d).toMatchObject({ title: 'Dashboard server unavailable', headline: 'Dashboard server unavailable' });
      expect(d.message).toMatch(message);
      expect(d.next).toMatch(/retry in a moment/i);
    }
    // What it heard from the service about the key is the service's word.
    expect(describeWith(en, new WorkspaceError(401, 'key-refused', 'x'))).toMatchObject({ sessionEnded: true });
  });

  it('before the signed-in texts load, a method error reads as its code and the service’s words; sign-in errors never wait', () => {
    const signInOnly = errorMessages.get();
    const siteGone = METHOD_ERRORS.find((e) => e.method === 'site_scan' && e.name === 'siteNotFound');
    const wrongCode = METHOD_ERRORS.find((e) => e.method === 'signin' && e.name === 'unknownEmailOrOtp');
    if (!siteGone || !wrongCode) throw new Error('registry changed');
    const early = describeWith(signInOnly, apiError(siteGone.code));
    expect(early.title).toBe(`Unexpected error (code ${siteGone.code})`);
    expect(early.message).toBe(siteGone.message);
    expect(describeWith(en, apiError(siteGone.code)).title).toBe('Site not found');
    expect(describeWith(signInOnly, apiError(wrongCode.code)).title).toBe('Wrong or expired code');
  });

  it('errorText reads the language in use', () => {
    expect(errorText(apiError(145904))).toEqual(describeWith(en, apiError(145904)));
    expect(errorText(new Error('x')).title).toBe('Something went wrong');
  });
});
